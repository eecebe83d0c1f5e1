import { actions, type Comparison } from '@sitefleet/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, dayTick, SERIES, spanOf } from './Chart';
import { formatCount } from './format';
import { Panel } from './Panel';
import { Stat, Stats } from './Stat';
import { useSeo } from './useSeo';

export const NO_EARNING = 'No earning registered';

const SERIES_OF = [
  { key: 'clicks', label: 'Clicks' },
  { key: 'signups', label: 'Signups' },
  { key: 'ftd', label: 'FTD' },
] as const;

/** Conversions Metric: affiliate clicks, signups and first-time deposits over the window. */
export const ConversionsPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const query = useSeo(actions.seo.dailyConversions, {
    params: { id: String(siteId) },
    query: { comparison },
  });
  return (
    <Panel
      title="Conversions Metric"
      testId="panel-conversions"
      query={query}
      source={(a) => a.data.source}
      empty={NO_EARNING}
      isEmpty={(a) => a.data.rows.length === 0 && SERIES_OF.every((s) => a.data[s.key].current === null)}
    >
      {({ data }) => (
        <>
          <Stats>
            {SERIES_OF.map((s) => (
              <Stat
                key={s.key}
                label={s.label}
                value={formatCount(data[s.key].current)}
                change={data[s.key].change}
                previous={formatCount(data[s.key].previous)}
              />
            ))}
          </Stats>
          <Chart
            label={`Clicks, signups and first-time deposits per day ${spanOf(data.rows.map((r) => r.date))}`}
          >
            <BarChart data={data.rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={dayTick} fontSize={12} />
              <YAxis fontSize={12} width={48} />
              <Tooltip />
              <Legend itemSorter={null} />
              {SERIES_OF.map((s, i) => (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={SERIES[i]} />
              ))}
            </BarChart>
          </Chart>
        </>
      )}
    </Panel>
  );
};
