import { Box, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { TIMINGS } from '@sitefleet/shared';
import type { RaRecord } from 'react-admin';
import { cronPollInterval, cronProgress } from './format';

/** done_jobs / job_count as a bar and "37 / 50 (74%)", and whether the page is still reloading. */
export const CronProgressBar = ({ record }: { record: RaRecord }) => {
  const { percent, label } = cronProgress(record);
  const polling = cronPollInterval(record) !== false;
  return (
    <Box data-testid="cron-progress">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="overline" sx={{ color: 'text.secondary', fontWeight: 700 }}>
          Progress
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="cron-progress-label">
          {label}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', display: 'inline-flex', alignItems: 'center', gap: 1 }}
          data-testid="cron-polling"
        >
          {polling && <CircularProgress size={12} />}
          {polling
            ? `${String(record.remaining_jobs)} remaining, reloading every ${TIMINGS.cronPollMs / 1000} s`
            : 'No jobs remaining'}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={Number(record.failed_count) > 0 ? 'warning' : 'primary'}
        aria-label="Progress"
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
};
