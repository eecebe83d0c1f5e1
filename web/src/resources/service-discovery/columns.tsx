import { Chip, Tooltip } from '@mui/material';
import { resources, SERVICE_TYPE_LABELS } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';

interface Checked {
  verified?: unknown;
  last_checked?: unknown;
  check_message?: unknown;
}

/** What the last check said of a service, in one word: Verified, Failed, or Not checked yet. */
export function checkState(r: Checked): 'Verified' | 'Failed' | 'Not checked' {
  if (r.last_checked === null || r.last_checked === undefined) return 'Not checked';
  return r.verified === true ? 'Verified' : 'Failed';
}

/** The last check's outcome as a chip (green, red, grey), its reason in a tooltip. */
export const VerifiedChip = ({ record }: { record: Checked }) => {
  const state = checkState(record);
  const chip = (
    <Chip
      size="small"
      data-testid="verified-chip"
      label={state}
      color={state === 'Verified' ? 'success' : state === 'Failed' ? 'error' : 'default'}
      variant={state === 'Not checked' ? 'outlined' : 'filled'}
    />
  );
  const reason = typeof record.check_message === 'string' ? record.check_message : '';
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
};

export const serviceColumns = screenColumns(resources.serviceDiscovery, [
  col.choice('type', 'Type', SERVICE_TYPE_LABELS, undefined, { sortable: true }),
  'hostname',
  'location',
  ['website_id', { sortable: false }],
  {
    source: 'verified',
    label: 'Verified',
    sortable: true,
    render: (r) => <VerifiedChip record={r as Checked} />,
    exportValue: (r) => checkState(r as Checked),
  },
  'last_checked',
  ['check_message', { hidden: true }],
  ['updated_at', { hidden: true }],
  col.text('id', 'ID', { hidden: true }),
]);
