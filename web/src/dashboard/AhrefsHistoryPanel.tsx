import { actions } from '@sitefleet/shared';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, dayTick, SERIES, spanOf } from './Chart';
import { Panel } from './Panel';
import { useSeo } from './useSeo';

/** SPEC §7.3 ahrefs-metrics/{hostname}: a site's domain rating and organic traffic over the last year. */
export const AhrefsHistoryPanel = ({ hostname }: { hostname: string }) => {
  const query = useSeo(actions.seo.ahrefsByHostname, { params: { hostname } });
  return (
    <Panel
      title="Ahrefs history"
      query={query}
      source={() => 'Ahrefs Site Explorer (imported daily)'}
      empty="No Ahrefs data registered"
      isEmpty={(d) => d.data.doc.history.length === 0}
      testId="panel-ahrefs-history"
    >
      {(d) => {
        const history = d.data.doc.history;
        return (
          <Chart
            label={`Domain rating and organic traffic ${spanOf(history.map((h) => h.date))}`}
            height={260}
          >
            <LineChart data={history} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={dayTick} minTickGap={24} fontSize={12} />
              <YAxis yAxisId="dr" domain={[0, 100]} fontSize={12} width={32} />
              <YAxis yAxisId="traffic" orientation="right" fontSize={12} width={56} />
              <Tooltip />
              <Legend />
              <Line
                yAxisId="dr"
                dataKey="domain_rating"
                name="Domain rating"
                stroke={SERIES[0]}
                dot={false}
              />
              <Line
                yAxisId="traffic"
                dataKey="org_traffic"
                name="Organic traffic"
                stroke={SERIES[2]}
                dot={false}
              />
            </LineChart>
          </Chart>
        );
      }}
    </Panel>
  );
};
