import { Chip, Tooltip } from '@mui/material';
import {
  resources,
  STATIC_GATE_LABELS,
  STATIC_STATE_LABELS,
  type StaticGateResult,
  type StaticState,
} from '@sitefleet/shared';
import { col } from '../../../common/list/cells';
import { screenColumns } from '../../../common/screens/columns';
import { screenFilters } from '../../../common/screens/filters';
import { NAText } from '../../../common/fields/NA';
import { WebsiteTabList } from '../WebsiteTabList';
import { formatBytes } from './staticFormat';

type Row = Record<string, unknown>;

const STATE_COLORS = { wordpress: 'default', static: 'success' } as const;

/** The last gate: Passed, or Failed with its reasons on hover; N/A before the first build. */
const GateCell = ({ row }: { row: Row }) => {
  const gate = row.gate as StaticGateResult | null;
  if (!gate) return <NAText />;
  const reasons = (row.gate_result as { reasons?: string[] } | null)?.reasons ?? [];
  const chip = (
    <Chip
      size="small"
      label={STATIC_GATE_LABELS[gate]}
      color={gate === 'passed' ? 'success' : 'error'}
      variant="filled"
      data-testid="static-gate"
    />
  );
  return reasons.length ? (
    <Tooltip title={reasons.join(' · ')}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
};

const columns = screenColumns(resources.staticSites, [
  'hostname',
  col.choice('static_state', 'State', STATIC_STATE_LABELS, STATE_COLORS, { sortable: true }),
  col.text('current_release', 'Live release', { sortable: true }),
  col.text('releases', 'Releases', { align: 'right', sortable: true }),
  col.time('last_publish_at', 'Last publish', { sortable: true }),
  {
    source: 'gate',
    label: 'Last gate',
    sortable: true,
    render: (r: Row) => <GateCell row={r} />,
    exportValue: (r: Row) => {
      const reasons = (r.gate_result as { reasons?: string[] } | null)?.reasons ?? [];
      return r.gate
        ? `${STATIC_GATE_LABELS[r.gate as StaticGateResult]}${reasons.length ? `: ${reasons.join(' | ')}` : ''}`
        : '';
    },
  },
  col.text('current_pages', 'Pages', { align: 'right' }),
  {
    source: 'current_bytes',
    label: 'Size',
    align: 'right',
    render: (r: Row) => formatBytes(r.current_bytes) ?? <NAText />,
    exportValue: (r: Row) => formatBytes(r.current_bytes) ?? '',
  },
  'runcloud_alias_id',
  ['status', { hidden: true }],
  ['friendly_name', { hidden: true }],
]);

const filters = screenFilters(resources.staticSites, [
  ['hostname', { quick: true }],
  ['static_state', { labels: STATIC_STATE_LABELS as Readonly<Record<StaticState, string>> }],
  ['gate', { labels: STATIC_GATE_LABELS }],
  'status',
  'target_market',
]);

/** SPEC §2.5 websites list tab SAWDStatus: each link site's static state, live release, last publish and gate. */
export const SawdStatusTab = () => (
  <WebsiteTabList
    storeKey="websites.sawdStatus"
    title="SAWDStatus"
    resource={resources.staticSites.path}
    columns={columns}
    filters={filters}
    sort={{ field: 'hostname', order: 'ASC' }}
  />
);
