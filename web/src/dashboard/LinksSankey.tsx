import type { actions } from '@sitefleet/shared';
import { Sankey, Tooltip } from 'recharts';
import { Chart, SERIES } from './Chart';
import { pathOf } from './format';

/** Referring hosts (left) to the site's pages they link to (right), one band per host and page. */
export function sankeyOf(links: readonly actions.seo.RecentLink[]) {
  const nodes: Array<{ name: string }> = [];
  const index = new Map<string, number>();
  const node = (key: string, name: string) => {
    let at = index.get(key);
    if (at === undefined) {
      at = nodes.length;
      index.set(key, at);
      nodes.push({ name });
    }
    return at;
  };
  const weights = new Map<string, { source: number; target: number; value: number }>();
  for (const link of links) {
    const source = node(`host:${link.source_host}`, link.source_host);
    const target = node(`page:${link.target_url}`, pathOf(link.target_url));
    const key = `${source}>${target}`;
    const band = weights.get(key) ?? { source, target, value: 0 };
    band.value += 1;
    weights.set(key, band);
  }
  return { nodes, links: [...weights.values()] };
}

export const LinksSankey = ({ links }: { links: readonly actions.seo.RecentLink[] }) => (
  <Chart label="Recent links: referring hosts to the pages they link to" height={300}>
    <Sankey
      data={sankeyOf(links)}
      nodePadding={24}
      label={{ position: 'right', fontSize: 11, fill: '#333' }}
      margin={{ top: 8, right: 140, bottom: 8, left: 8 }}
      link={{ stroke: SERIES[1], strokeOpacity: 0.3 }}
      node={{ fill: SERIES[0] }}
    >
      <Tooltip />
    </Sankey>
  </Chart>
);
