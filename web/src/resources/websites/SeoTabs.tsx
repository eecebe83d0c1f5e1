import { Box } from '@mui/material';
import type { ColumnDef } from '../../common/list/columns';
import { col } from '../../common/list/cells';
import { websiteColumns } from './columns';
import { WebsiteTabList } from './WebsiteTabList';

const pick = (...sources: string[]) => websiteColumns.filter((c) => sources.includes(c.source));

/** A change with its sign and colour (gains green, losses red). */
const change = (source: string, label: string): ColumnDef => ({
  source,
  label,
  align: 'right',
  render: (r) => {
    const v = r[source];
    if (typeof v !== 'number') return '–';
    const color = v > 0 ? 'success.main' : v < 0 ? 'error.main' : 'text.secondary';
    return (
      <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
        {v > 0 ? '+' : ''}
        {v.toLocaleString('en')}
      </Box>
    );
  },
  exportValue: (r) => (typeof r[source] === 'number' ? Number(r[source]) : null),
});

const trendColumns: ColumnDef[] = [
  ...pick('hostname', 'type', 'status'),
  col.text('domain_rating', 'DR', { align: 'right' }),
  change('domain_rating_change', 'DR change'),
  col.text('organic_traffic', 'Traffic', { align: 'right' }),
  change('organic_traffic_change', 'Traffic change'),
  col.text('organic_keywords', 'Keywords', { align: 'right' }),
  change('organic_keywords_change', 'Keywords change'),
];

/**
 * SPEC §2.5 SEOTrends: each site with Ahrefs figures, its domain rating, organic traffic and keywords with their
 * 30-day change, highest traffic first.
 */
export const SeoTrendsTab = () => (
  <WebsiteTabList
    storeKey="websites.seoTrends"
    title="SEOTrends"
    columns={trendColumns}
    sort={{ field: 'organic_traffic', order: 'DESC' }}
    filter={{ organic_traffic: { min: 0 } }}
  />
);

/** SPEC §2.5 DeIndexed Sites: the sites whose domain the deindex checker found gone from the index. */
export const DeindexedTab = () => (
  <WebsiteTabList
    storeKey="websites.deindexed"
    title="DeIndexed Sites"
    columns={[
      ...pick('hostname', 'type', 'status', 'domain', 'alerts'),
      col.text('domain_rating', 'DR', { align: 'right' }),
    ]}
    filter={{ deindexed: true }}
  />
);
