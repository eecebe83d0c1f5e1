import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import { formatDuration } from './format';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS, TRIGGER_LABELS } from './labels';

/** SPEC §2.5 cron command list columns; the hidden ones are in the column chooser. */
export const cronRunColumns = screenColumns(resources.cronJobs.dms, [
  {
    source: 'command',
    label: 'Command',
    render: (r) => (
      <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        <TextValue value={r.command} />
      </Box>
    ),
  },
  'start_time',
  'end_time',
  {
    source: 'total_time',
    label: 'Total time',
    align: 'right',
    render: (r) => <TextValue value={formatDuration(r.total_time)} />,
  },
  col.text('remaining_jobs', 'Remaining', { align: 'right' }),
  col.text('success_count', 'Successful', { align: 'right' }),
  col.text('failed_count', 'Failed', { align: 'right' }),
  col.choice('status', 'Status', RUN_STATUS_LABELS, RUN_STATUS_COLORS),
  col.choice('trigger', 'Trigger', TRIGGER_LABELS, undefined, { hidden: true }),
  ['created_by', { hidden: true }],
  col.text('job_count', 'Jobs', { hidden: true, align: 'right' }),
  ['id', { hidden: true }],
]);
