import { Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { actions, type Comparison } from '@sitefleet/shared';
import { formatCount, formatPercent, pathOf } from './format';
import { Panel } from './Panel';
import { useSeo } from './useSeo';

export const NO_TOP_PAGES = 'No top pages data';

/** Top Pages: the site's pages with the most Search Console clicks over the window (SPEC §9: 10). */
export const TopPagesPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const query = useSeo(actions.seo.searchReport, {
    params: { id: String(siteId) },
    query: { comparison, dimensions: 'page', limit: actions.seo.TOP_PAGES },
  });
  return (
    <Panel
      title="Top Pages"
      testId="panel-top-pages"
      query={query}
      source={(a) => a.data.source}
      empty={NO_TOP_PAGES}
      isEmpty={(a) => a.data.rows.length === 0}
    >
      {({ data }) => (
        <Table size="small" aria-label="Top pages">
          <TableHead>
            <TableRow>
              <TableCell>Page</TableCell>
              <TableCell align="right">Clicks</TableCell>
              <TableCell align="right">Impressions</TableCell>
              <TableCell align="right">CTR</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.slice(0, actions.seo.TOP_PAGES).map((row) => {
              const page = row.keys[0] ?? '';
              return (
                <TableRow key={page} data-testid="top-page">
                  <TableCell
                    sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    <Tooltip title={page}>
                      <span>{pathOf(page)}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell align="right">{formatCount(row.clicks)}</TableCell>
                  <TableCell align="right">{formatCount(row.impressions)}</TableCell>
                  <TableCell align="right">{formatPercent(row.ctr)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Panel>
  );
};
