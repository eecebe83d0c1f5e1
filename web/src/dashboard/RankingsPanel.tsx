import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import { Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs } from '@mui/material';
import { actions, type Comparison } from '@sitefleet/shared';
import { useState } from 'react';
import { formatCount } from './format';
import { Panel } from './Panel';
import { useSeo } from './useSeo';

type Device = actions.seo.Device;

export const NO_KEYWORDS = 'No ranking keywords registered';

/** SPEC §2.3: the Mobile and Desktop tabs. */
const TABS: Array<{ device: Device; label: string }> = [
  { device: 'mobile', label: 'Mobile' },
  { device: 'desktop', label: 'Desktop' },
];

/** Places gained (up, green) or lost (down, red) since the start day. */
const RankChange = ({ change }: { change: number | null }) => {
  if (change === null || change === 0)
    return <Remove fontSize="small" sx={{ color: 'text.disabled' }} aria-label="No change" />;
  const Arrow = change > 0 ? ArrowUpward : ArrowDownward;
  return (
    <Stack
      direction="row"
      component="span"
      sx={{
        alignItems: 'center',
        justifyContent: 'center',
        color: change > 0 ? 'success.main' : 'error.main',
      }}
      aria-label={change > 0 ? `Up ${change}` : `Down ${-change}`}
    >
      <Arrow fontSize="small" aria-hidden />
      {Math.abs(change)}
    </Stack>
  );
};

/** Top rankings: the site's best-ranked keywords (volume over 1000, SPEC §9) per device. */
export const RankingsPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const [device, setDevice] = useState<Device>('mobile');
  const query = useSeo(actions.seo.websiteKeywords, {
    query: {
      website_id: String(siteId),
      comparison,
      device,
      min_volume: actions.seo.KEYWORD_MIN_VOLUME,
      limit: actions.seo.KEYWORD_PANEL_ROWS,
    },
  });
  return (
    <Panel
      title="Top rankings"
      testId="panel-rankings"
      query={query}
      source={(a) => a.meta.source}
      empty={NO_KEYWORDS}
      isEmpty={(a) => a.data.length === 0}
      actions={
        <Tabs value={device} onChange={(_, next: Device) => setDevice(next)} aria-label="Device">
          {TABS.map((t) => (
            <Tab key={t.device} value={t.device} label={t.label} sx={{ minHeight: 36, py: 0 }} />
          ))}
        </Tabs>
      }
    >
      {({ data }) => (
        <Table size="small" aria-label={`Top ${device} rankings`}>
          <TableHead>
            <TableRow>
              <TableCell>Keyword</TableCell>
              <TableCell align="right">Rank</TableCell>
              <TableCell align="center">Change</TableCell>
              <TableCell align="right">Volume</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((k) => (
              <TableRow key={k.id} data-testid="ranking">
                <TableCell>{k.keyword}</TableCell>
                <TableCell align="right">{k.rank ?? '-'}</TableCell>
                <TableCell align="center">
                  <RankChange change={k.change} />
                </TableCell>
                <TableCell align="right">{formatCount(k.search_volume)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};
