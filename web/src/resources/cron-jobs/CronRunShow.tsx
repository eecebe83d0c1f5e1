import { Stack } from '@mui/material';
import type { JobOutputItem } from '@sitefleet/shared';
import { Show, useRecordContext } from 'react-admin';
import { RecordTitle } from '../../common/record/RecordTitle';
import { CronProgressBar } from './CronProgressBar';
import { CronRunHeader } from './CronRunHeader';
import { cronPollInterval } from './format';
import { OutputPanel } from './OutputPanel';

/** Undefined until the run's own answer is in (the list's copy of the record carries no outputs). */
const items = (value: unknown) => (Array.isArray(value) ? (value as JobOutputItem[]) : undefined);

const CronRunDetail = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack spacing={3} sx={{ p: 2 }}>
      <CronRunHeader />
      <CronProgressBar record={record} />
      <OutputPanel title="Success output" items={items(record.job_output)} total={record.job_output_total} />
      <OutputPanel
        title="Failure output"
        items={items(record.failed_job_output)}
        total={record.failed_job_output_total}
        failed
      />
    </Stack>
  );
};

/**
 * One run of a command (SPEC §2.5): what ran, its progress and its outputs. The page reloads every 5 s
 * while jobs remain and stops once none do (SPEC §4); the interval is recomputed from each answer.
 */
export const CronRunShow = () => (
  <Show
    title={<RecordTitle />}
    actions={false}
    queryOptions={{ refetchInterval: (query) => cronPollInterval(query.state.data) }}
  >
    <CronRunDetail />
  </Show>
);
