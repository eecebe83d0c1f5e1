import { Box, Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useRecordContext } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { TextValue } from '../../common/fields/Values';
import { Section } from '../../common/record/Section';
import { gatewayName, LOCAL_GATEWAY, TYPE_LABELS } from './labels';
import { MonitorStatus } from './MonitorStatus';
import { MonitorTarget } from './MonitorTarget';
import { formatDuration } from './timeline';
import { TimeSince } from './TimeSince';

type Labelled = { label: string };

const Target = (_: Labelled) => <MonitorTarget url={useRecordContext()?.url} limit={200} />;

const Seconds = ({ source }: Labelled & { source: string }) => (
  <TextValue value={formatDuration(useRecordContext()?.[source])} />
);

const ResponseTime = (_: Labelled) => {
  const value = useRecordContext()?.last_response_ms;
  return <TextValue value={typeof value === 'number' ? `${value} ms` : null} />;
};

/** With no remote gateway configured, a country's checks run from this machine too. */
const Gateway = (_: Labelled) => {
  const gateway = useRecordContext()?.gateway;
  if (!gateway) return <>{LOCAL_GATEWAY}</>;
  return (
    <>
      {gatewayName(String(gateway))}
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        Checks run from this server when no remote gateway is configured for it
      </Typography>
    </>
  );
};

const Keyword = (_: Labelled) => {
  const record = useRecordContext();
  return record?.type === 'keyword' ? <RecordValue source="value" /> : <TextValue value="Not used" />;
};

const CheckTime = ({ source }: Labelled & { source: string }) => {
  const value = useRecordContext()?.[source];
  return (
    <>
      <RecordValue source={source} kind="time" />
      {value != null && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          <TimeSince value={value} />
        </Typography>
      )}
    </>
  );
};

/** The indicator, how long it has held, and what the last check saw. */
const StatusLine = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <MonitorStatus status={record.status} paused={record.paused} />
      {record.status_since != null && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="status-since">
          for <TimeSince value={record.status_since} kind="for" />
        </Typography>
      )}
      {typeof record.last_message === 'string' && record.last_message && (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {record.last_message}
        </Typography>
      )}
    </Stack>
  );
};

/** What is checked and how, when it was last checked, and who hears about a change. */
export const MonitorOverview = () => (
  <Stack spacing={2.5}>
    <StatusLine />
    <Section title="Check">
      <Target label="URL or IP" />
      <RecordValue source="type" label="Type" kind="choice" labels={TYPE_LABELS} />
      <Keyword label="Keyword" />
      <Gateway label="Gateway" />
      <Seconds source="interval" label="Interval" />
      <RecordValue source="retries" label="Retries" />
      <Seconds source="timeout" label="Timeout" />
      <ReferenceLink
        source="website_id"
        label="Website"
        reference={resources.websites.path}
        optionText="hostname"
      />
    </Section>
    <Section title="Last check">
      <CheckTime source="last_check" label="Last check" />
      <CheckTime source="next_check" label="Next check" />
      <ResponseTime label="Response time" />
      <RecordValue source="last_message" label="Last message" kind="code" />
    </Section>
    <Box>
      <Section title="Alerts go to" columns={2}>
        <RecordValue source="alert_emails" label="E-mail" kind="chips" />
        <RecordValue source="alert_phone_numbers" label="SMS" kind="chips" />
      </Section>
    </Box>
  </Stack>
);
