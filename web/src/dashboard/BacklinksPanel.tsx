import { Alert, Stack } from '@mui/material';
import { actions, type Comparison } from '@sitefleet/shared';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, dayTick, SERIES, spanOf } from './Chart';
import { changeOf, formatCount } from './format';
import { Panel, SOMETHING_WENT_WRONG } from './Panel';
import { Stat, Stats } from './Stat';
import { useSeo } from './useSeo';

/** SPEC §8: the backlink panel's warnings. */
export const NO_DATA_WARNING = 'A temporary issue might cause incorrect data, please check again later.';
export const MISSING_PREVIOUS_WARNING =
  'Data is missing for the time-range requested, the data trends might be incorrect';

/** Backlinks Trends: backlinks and referring domains on the end day against the start day, and the trend. */
export const BacklinksPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const query = useSeo(actions.seo.websiteStatistics, {
    query: { website_id: String(siteId), comparison },
  });
  return (
    <Panel
      title="Backlinks Trends"
      testId="panel-backlinks"
      query={query}
      source={(a) => a.data.source}
      failure={SOMETHING_WENT_WRONG}
      empty={SOMETHING_WENT_WRONG}
      isEmpty={(a) => a.data.current === null && a.data.trend.length === 0}
      notices={({ data }) => (
        <Stack sx={{ gap: 1, mb: 1 }}>
          {data.current?.no_data && (
            <Alert severity="warning" data-testid="backlinks-warning">
              {NO_DATA_WARNING}
            </Alert>
          )}
          {data.missing_previous && (
            <Alert severity="warning" data-testid="backlinks-warning">
              {MISSING_PREVIOUS_WARNING}
            </Alert>
          )}
        </Stack>
      )}
    >
      {({ data }) => (
        <>
          <Stats>
            <Stat
              label="Backlinks"
              value={formatCount(data.current?.total)}
              change={changeOf(data.current?.total, data.previous?.total)}
              previous={formatCount(data.previous?.total)}
            />
            <Stat
              label="Referring domains"
              value={formatCount(data.current?.domains)}
              change={changeOf(data.current?.domains, data.previous?.domains)}
              previous={formatCount(data.previous?.domains)}
            />
          </Stats>
          <Chart label={`Backlinks and referring domains ${spanOf(data.trend.map((t) => t.day))}`}>
            <LineChart data={data.trend} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayTick} fontSize={12} />
              <YAxis yAxisId="total" fontSize={12} width={56} />
              <YAxis yAxisId="domains" orientation="right" fontSize={12} width={48} />
              <Tooltip />
              <Legend itemSorter={null} />
              <Line
                yAxisId="total"
                type="monotone"
                dataKey="total"
                name="Backlinks"
                stroke={SERIES[0]}
                dot={false}
              />
              <Line
                yAxisId="domains"
                type="monotone"
                dataKey="domains"
                name="Referring domains"
                stroke={SERIES[1]}
                dot={false}
              />
            </LineChart>
          </Chart>
        </>
      )}
    </Panel>
  );
};
