import { Box, Card, Chip, Typography } from '@mui/material';
import { actions, resources, type ActionResponse } from '@sitefleet/shared';
import { Title } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { RecordLink } from '../../common/fields/RecordLink';
import { formatTime } from '../../common/format/dates';
import { ActionTable, NOWRAP_TOP, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { formatBytes, formatCount, formatPercent, hitRateColor, restartsText } from './format';

const spec = actions.hosting.opcacheOverview;
type Answer = ActionResponse<typeof spec>;
export type ServerOpcache = Answer['data'][number];

const text = (v: string | null) => (v === null ? <NAText /> : v);
const right = {
  ...TOP,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
} as const;

export const HitRate = ({ rate }: { rate: number | null }) =>
  rate === null ? (
    <NAText />
  ) : (
    <Chip size="small" color={hitRateColor(rate)} label={formatPercent(rate)} data-testid="hit-rate" />
  );

/** The figures columns a server's summary and a site's read share. */
export const FIGURE_COLUMNS: Array<ActionColumn<ServerOpcache>> = [
  {
    label: 'Memory used',
    render: (s) =>
      s.message ? <Typography variant="body2">{s.message}</Typography> : text(formatBytes(s.memory_used)),
    sx: TOP,
    sortBy: (s) => s.memory_used,
  },
  {
    label: 'Memory free',
    render: (s) => text(formatBytes(s.memory_free)),
    sx: right,
    sortBy: (s) => s.memory_free,
  },
  {
    label: 'Wasted',
    render: (s) => text(formatBytes(s.memory_wasted)),
    sx: right,
    sortBy: (s) => s.memory_wasted,
  },
  { label: 'Hit rate', render: (s) => <HitRate rate={s.hit_rate} />, sx: TOP, sortBy: (s) => s.hit_rate },
  {
    label: 'Cached scripts',
    render: (s) => text(formatCount(s.cached_scripts)),
    sx: right,
    sortBy: (s) => s.cached_scripts,
  },
  {
    label: 'Restarts (oom / hash / manual)',
    render: (s) => text(restartsText(s)),
    sx: right,
    sortBy: (s) => (s.oom_restarts ?? 0) + (s.hash_restarts ?? 0) + (s.manual_restarts ?? 0),
  },
];

const COLUMNS: Array<ActionColumn<ServerOpcache>> = [
  {
    label: 'Server',
    render: (s) => <RecordLink resource={resources.servers.path} id={s.server_id} text={s.name} />,
    sx: TOP,
    sortBy: (s) => s.name,
  },
  {
    label: 'Sites read',
    render: (s) => `${s.sites_read} of ${s.connected_sites}`,
    sx: right,
    sortBy: (s) => s.connected_sites,
  },
  {
    label: 'PHP',
    render: (s) => (s.php_versions.length ? s.php_versions.join(', ') : <NAText />),
    sx: TOP,
  },
  ...FIGURE_COLUMNS,
  {
    label: 'Read',
    render: (s) => formatTime(s.read_at) ?? <NAText />,
    sx: NOWRAP_TOP,
    sortBy: (s) => s.read_at,
  },
];

/**
 * The servers list's OpCache tab (SPEC §2.5): per server, OpCache as the WordPress companion read it on the
 * server's connected sites (one cache per PHP version, added up); a server without a connected site says so.
 */
export const OpcacheTab = () => {
  const query = useActionQuery(spec, {});
  return (
    <Card sx={{ borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
      <Title title="Servers · OpCache" />
      <Box sx={{ p: 2, pb: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          RunCloud has no OpCache figures: opcache:collect reads them hourly through the Sitefleet companion
          of each server&apos;s connected WordPress sites.
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <ActionTable
          query={query}
          rows={(a: Answer) => a.data}
          columns={COLUMNS}
          rowKey={(s) => s.server_id}
          label="OpCache per server"
          empty="No servers."
          rowTestId="opcache-row"
          padded
        />
      </Box>
    </Card>
  );
};
