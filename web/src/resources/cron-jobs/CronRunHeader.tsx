import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { TextValue } from '../../common/fields/Values';
import { truncate } from '../../common/format/text';
import { Section } from '../../common/record/Section';
import { argumentLines, formatDuration } from './format';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS, TRIGGER_LABELS } from './labels';

/** Long arguments (a checker's domain list) are cut; the run's jobs show every item anyway. */
const ARGUMENT_DISPLAY_LIMIT = 300;

const Duration = (_: { label: string }) => (
  <TextValue value={formatDuration(useRecordContext()?.total_time)} />
);

const Arguments = (_: { label: string; wide: true }) => {
  const lines = argumentLines(useRecordContext()?.arguments);
  if (lines.length === 0) return <NAText />;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
      {lines.map(({ name, value }) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {name}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            title={value.length > ARGUMENT_DISPLAY_LIMIT ? value : undefined}
            sx={{ m: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {truncate(value, ARGUMENT_DISPLAY_LIMIT)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** What ran, who or what started it, and when. */
export const CronRunHeader = () => (
  <Section title="Run">
    <RecordValue source="command" label="Command" kind="code" />
    <RecordValue source="description" label="Description" />
    <RecordValue
      source="status"
      label="Status"
      kind="choice"
      labels={RUN_STATUS_LABELS}
      colors={RUN_STATUS_COLORS}
    />
    <ReferenceLink
      source="created_by"
      label="Started by"
      reference={resources.users.path}
      optionText="email"
    />
    <RecordValue source="trigger" label="Trigger" kind="choice" labels={TRIGGER_LABELS} />
    <RecordValue source="start_time" label="Start time" kind="time" />
    <RecordValue source="end_time" label="End time" kind="time" />
    <Duration label="Total time" />
    <RecordValue source="job_count" label="Jobs" />
    <Arguments label="Arguments" wide />
  </Section>
);
