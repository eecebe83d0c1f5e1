import { Chip, Tooltip } from '@mui/material';
import {
  LINK_CHECK_LABELS,
  LINK_CHECK_STATUSES,
  LOST_LINK_STATUSES,
  resources,
  type LinkCheckStatus,
} from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';
import { col } from '../../common/list/cells';
import { screenColumns } from '../../common/screens/columns';

/** A status's chip colour: green when the link is as bought, red when lost, grey when it could not be seen. */
export const STATUS_COLORS: Record<LinkCheckStatus, ChipColor> = Object.fromEntries(
  LINK_CHECK_STATUSES.map((s) => [
    s,
    s === 'ok'
      ? 'success'
      : s === 'unverifiable'
        ? 'default'
        : LOST_LINK_STATUSES.includes(s)
          ? 'error'
          : 'warning',
  ]),
) as Record<LinkCheckStatus, ChipColor>;

interface Warned {
  open_warnings?: unknown;
  important_warning?: unknown;
}

/**
 * SPEC §9: the open warnings as a chip, red when one is important (with the '!' marker), else orange;
 * nothing when there is none.
 */
export const WarningsChip = ({ record }: { record: Warned }) => {
  const n = Number(record.open_warnings ?? 0);
  if (!n) return null;
  const important = record.important_warning === true;
  return (
    <Tooltip title={important ? 'An important warning is open' : 'Open warnings'}>
      <Chip
        size="small"
        color={important ? 'error' : 'warning'}
        label={`${important ? '! ' : ''}${n} warning${n === 1 ? '' : 's'}`}
        data-testid="warnings-chip"
      />
    </Tooltip>
  );
};

/** The linking page's host as the last check found it (ip_info): address, and its network's country and holder. */
export const HOST_COLUMNS = [
  ['ip_info.ip', 'Host IP'],
  ['ip_info.country', 'Host country'],
  ['ip_info.org', 'Host organisation'],
] as const;

export const backlinkColumns = screenColumns(resources.externalBacklinks, [
  'backlink',
  ['website_id', { sortable: false }],
  'anchor',
  'rel_attribute',
  'price',
  'currency',
  'end_date',
  col.choice('status', 'Status', LINK_CHECK_LABELS, STATUS_COLORS, { sortable: true }),
  {
    source: 'open_warnings',
    label: 'Warnings',
    sortable: false,
    render: (r) => <WarningsChip record={r as Warned} />,
    exportValue: (r) => r.open_warnings,
  },
  'last_checked_at',
  ['url', { hidden: true }],
  ['permanent', { hidden: true }],
  ['self_created', { hidden: true }],
  ['start_date', { hidden: true }],
  ['runcloud_name', { hidden: true }],
  ['domain_rating', { hidden: true }],
  ['referring_domains', { hidden: true }],
  ...HOST_COLUMNS.map(([source, label]) => col.text(source, label, { hidden: true, sortable: false })),
  ['updated_at', { hidden: true }],
]);
