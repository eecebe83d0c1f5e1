import { actions, type Comparison } from '@sitefleet/shared';
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, dayTick, SERIES, spanOf } from './Chart';
import { formatCount } from './format';
import { Panel } from './Panel';
import { Stat, Stats } from './Stat';
import { useSeo } from './useSeo';

export const NO_GSC_DATA = 'No GSC Data registered';
export const GSC_PANEL_TITLE = 'GSC Traffic';

/** GSC Traffic: Search Console clicks and impressions over the window, against the days before. */
export const GscPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const query = useSeo(actions.seo.searchReport, {
    params: { id: String(siteId) },
    query: { comparison, dimensions: 'date', limit: 100 },
  });
  return (
    <Panel
      title={GSC_PANEL_TITLE}
      testId="panel-gsc"
      query={query}
      source={(a) => a.data.source}
      empty={NO_GSC_DATA}
      isEmpty={(a) => a.data.rows.length === 0 && a.data.clicks.current === null}
    >
      {({ data }) => (
        <>
          <Stats>
            <Stat
              label="Clicks"
              value={formatCount(data.clicks.current)}
              change={data.clicks.change}
              previous={formatCount(data.clicks.previous)}
            />
            <Stat
              label="Impressions"
              value={formatCount(data.impressions.current)}
              change={data.impressions.change}
              previous={formatCount(data.impressions.previous)}
            />
          </Stats>
          <Chart
            label={`Search Console clicks and impressions per day ${spanOf(data.rows.map((r) => r.keys[0] ?? ''))}`}
          >
            <AreaChart
              data={data.rows.map((r) => ({
                day: r.keys[0] ?? '',
                clicks: r.clicks,
                impressions: r.impressions,
              }))}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayTick} fontSize={12} />
              <YAxis yAxisId="impressions" fontSize={12} width={56} />
              <YAxis yAxisId="clicks" orientation="right" fontSize={12} width={48} />
              <Tooltip />
              <Legend itemSorter={null} />
              <Area
                yAxisId="impressions"
                type="monotone"
                dataKey="impressions"
                name="Impressions"
                stroke={SERIES[1]}
                fill={SERIES[1]}
                fillOpacity={0.15}
              />
              <Area
                yAxisId="clicks"
                type="monotone"
                dataKey="clicks"
                name="Clicks"
                stroke={SERIES[0]}
                fill={SERIES[0]}
                fillOpacity={0.25}
              />
            </AreaChart>
          </Chart>
        </>
      )}
    </Panel>
  );
};
