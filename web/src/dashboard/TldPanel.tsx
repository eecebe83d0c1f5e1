import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { Chart, SERIES } from './Chart';
import { Panel } from './Panel';
import { useBacklinkProfile } from './RecentLinksPanel';

export const NO_TLDS = 'No referring domains registered';

/** The referring domains by TLD: the two largest and 'others' (SPEC §2.3), as a donut. */
export const TldPanel = ({ siteId }: { siteId: number }) => {
  const query = useBacklinkProfile(siteId);
  return (
    <Panel
      title="Referring domains by TLD"
      testId="panel-tlds"
      query={query}
      source={(a) => a.data.source}
      empty={NO_TLDS}
      isEmpty={(a) => a.data.tlds.every((t) => t.count === 0)}
    >
      {({ data }) => (
        <Chart
          label={`Referring domains by TLD: ${data.tlds.map((t) => `${t.tld} ${t.count}`).join(', ')}`}
          height={240}
        >
          <PieChart>
            <Pie
              data={data.tlds}
              dataKey="count"
              nameKey="tld"
              innerRadius="50%"
              outerRadius="80%"
              label={({ name }: { name?: string }) => name ?? ''}
            >
              {data.tlds.map((t, i) => (
                <Cell key={t.tld} fill={SERIES[i % SERIES.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </Chart>
      )}
    </Panel>
  );
};
