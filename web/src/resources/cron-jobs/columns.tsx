import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { formatDuration } from './format';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS, TRIGGER_LABELS } from './labels';

/** SPEC §2.5 cron command list columns; the hidden ones are in the column chooser. */
export const cronRunColumns: ColumnDef[] = [
  {
    source: 'command',
    label: 'Command',
    render: (r) => (
      <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        <TextValue value={r.command} />
      </Box>
    ),
  },
  col.time('start_time', 'Start time'),
  col.time('end_time', 'End time'),
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
  col.reference('created_by', 'Started by', resources.users.path, 'email', { hidden: true }),
  col.text('job_count', 'Jobs', { hidden: true, align: 'right' }),
  col.text('id', 'ID', { hidden: true }),
];
