import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { actions, resources, type ActionResponse } from '@sitefleet/shared';
import { useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { RecordLink } from '../../common/fields/RecordLink';
import { formatTime } from '../../common/format/dates';
import { ActionTable, NOWRAP_TOP, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { formatBytes, formatCount, restartsText } from './format';
import { HitRate } from './OpcacheTab';

const spec = actions.hosting.serverOpcache;
type Answer = ActionResponse<typeof spec>;
type Summary = Answer['data']['summary'];
type Site = Answer['data']['sites'][number];

const text = (v: string | null) => (v === null ? <NAText /> : v);
const right = { ...TOP, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** What a site's read says: its figures, OpCache off (and why), or the error of its last try. */
function siteState(s: Site) {
  if (s.read_at === null)
    return (
      <Typography variant="body2" color="error">
        {s.error ?? 'Not read yet'}
      </Typography>
    );
  return (
    <>
      <Typography variant="body2">{s.enabled ? 'Enabled' : `Off: ${s.reason ?? 'not enabled'}`}</Typography>
      {s.error && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          Last try failed ({formatTime(s.error_at)}): {s.error}
        </Typography>
      )}
    </>
  );
}

const COLUMNS: Array<ActionColumn<Site>> = [
  {
    label: 'Website',
    render: (s) => <RecordLink resource={resources.websites.path} id={s.website_id} text={s.hostname} />,
    sx: TOP,
    sortBy: (s) => s.hostname,
  },
  { label: 'PHP', render: (s) => text(s.php_version), sx: TOP, sortBy: (s) => s.php_version },
  { label: 'OpCache', render: siteState, sx: { ...TOP, minWidth: 220 } },
  {
    label: 'Memory used',
    render: (s) => text(formatBytes(s.memory_used)),
    sx: right,
    sortBy: (s) => s.memory_used,
  },
  {
    label: 'Memory free',
    render: (s) => text(formatBytes(s.memory_free)),
    sx: right,
    sortBy: (s) => s.memory_free,
  },
  { label: 'Hit rate', render: (s) => <HitRate rate={s.hit_rate} />, sx: TOP, sortBy: (s) => s.hit_rate },
  {
    label: 'Hits / misses',
    render: (s) => (s.hits === null ? <NAText /> : `${formatCount(s.hits)} / ${formatCount(s.misses)}`),
    sx: right,
  },
  { label: 'Cached scripts', render: (s) => text(formatCount(s.cached_scripts)), sx: right },
  { label: 'Restarts (oom / hash / manual)', render: (s) => text(restartsText(s)), sx: right },
  {
    label: 'Read',
    render: (s) => formatTime(s.read_at) ?? <NAText />,
    sx: NOWRAP_TOP,
    sortBy: (s) => s.read_at,
  },
];

function cards(s: Summary): Array<{ label: string; value: string | null }> {
  return [
    { label: 'Memory used', value: formatBytes(s.memory_used) },
    { label: 'Memory free', value: formatBytes(s.memory_free) },
    { label: 'Wasted', value: formatBytes(s.memory_wasted) },
    { label: 'Hit rate', value: s.hit_rate === null ? null : `${s.hit_rate}%` },
    { label: 'Cached scripts', value: formatCount(s.cached_scripts) },
    { label: 'Restarts (oom / hash / manual)', value: restartsText(s) },
    { label: 'PHP pools', value: s.php_versions.join(', ') || null },
    { label: 'Sites read', value: `${s.sites_read} of ${s.connected_sites}` },
  ];
}

/** A server's show tab OpCache: its pools' figures added up, and each connected site's latest read. */
export const ServerOpcache = (_: { label?: false }) => {
  const record = useRecordContext();
  const id = record?.id;
  const query = useActionQuery(spec, { params: { id: String(id) } }, { enabled: id !== undefined });
  const data = query.data?.data;
  return (
    <Stack spacing={2} sx={{ width: '100%' }} data-testid="server-opcache">
      {data && (
        <>
          {data.summary.message && (
            <Typography variant="body2" data-testid="opcache-message">
              {data.summary.message}
            </Typography>
          )}
          {data.summary.memory_used !== null && (
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}
            >
              {cards(data.summary).map((c) => (
                <Card key={c.label} variant="outlined" data-testid="opcache-card">
                  <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {c.label}
                    </Typography>
                    <Typography variant="h6">{c.value ?? '–'}</Typography>
                  </CardContent>
                </Card>
              ))}
            </Box>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Sites on one PHP version share that version&apos;s PHP-FPM cache; the figures above add up the
            newest read of each version. Read hourly by opcache:collect; last read{' '}
            {formatTime(data.summary.read_at) ?? 'never'}.
          </Typography>
        </>
      )}
      <ActionTable
        query={query}
        rows={(a: Answer) => a.data.sites}
        columns={COLUMNS}
        rowKey={(s) => s.website_id}
        label="OpCache per site"
        empty="No website on this server has a WordPress connection."
        rowTestId="opcache-site"
      />
    </Stack>
  );
};
