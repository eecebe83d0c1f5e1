import { MenuItem, TextField } from '@mui/material';
import { actions, type Comparison } from '@sitefleet/shared';
import { useState } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, dayTick, SERIES, spanOf } from './Chart';
import { formatCount, formatDuration, formatPercent } from './format';
import { Panel } from './Panel';
import { Stat, Stats } from './Stat';
import { useSeo } from './useSeo';

type GaMetric = actions.seo.GaMetric;

export const NO_GA_DATA = 'No GA Data registered';

export const GA_METRIC_LABELS: Record<GaMetric, string> = {
  activeUsers: 'Active users',
  newUsers: 'New users',
  sessions: 'Sessions',
  bounceRate: 'Bounce rate',
  averageSessionDuration: 'Avg. session duration',
  eventCount: 'Event count',
};

/** GA4 reports the bounce rate as a share and the session duration in seconds. */
const formatMetric = (metric: GaMetric, value: number | null) =>
  metric === 'bounceRate'
    ? formatPercent(value)
    : metric === 'averageSessionDuration'
      ? formatDuration(value)
      : formatCount(value);

/** GA Traffic: the six GA4 metrics over the window against the days before, one charted at a time. */
export const GaPanel = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const query = useSeo(actions.seo.gaReport, { params: { id: String(siteId) }, query: { comparison } });
  const [metric, setMetric] = useState<GaMetric>('activeUsers');
  return (
    <Panel
      title="GA Traffic"
      testId="panel-ga"
      query={query}
      source={(a) => a.data.source}
      empty={NO_GA_DATA}
      isEmpty={(a) =>
        a.data.property === null ||
        a.data.metrics.every((m) => m.rows.length === 0 && m.total.current === null)
      }
      actions={
        <TextField
          select
          size="small"
          label="GA metric"
          variant="outlined"
          fullWidth={false}
          value={metric}
          onChange={(e) => setMetric(e.target.value as GaMetric)}
          sx={{ minWidth: 190 }}
        >
          {actions.seo.GA_METRICS.map((m) => (
            <MenuItem key={m} value={m}>
              {GA_METRIC_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {({ data }) => {
        const charted = data.metrics.find((m) => m.metric === metric);
        return (
          <>
            <Stats>
              {data.metrics.map((m) => (
                <Stat
                  key={m.metric}
                  label={GA_METRIC_LABELS[m.metric]}
                  value={formatMetric(m.metric, m.total.current)}
                  change={m.total.change}
                />
              ))}
            </Stats>
            <Chart
              label={`${GA_METRIC_LABELS[metric]} per day ${spanOf((charted?.rows ?? []).map((r) => r.date))}`}
            >
              <LineChart data={charted?.rows ?? []} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={dayTick} fontSize={12} />
                <YAxis fontSize={12} width={56} tickFormatter={(v: number) => formatMetric(metric, v)} />
                <Tooltip formatter={(v) => formatMetric(metric, typeof v === 'number' ? v : null)} />
                <Line
                  type="monotone"
                  dataKey="value"
                  name={GA_METRIC_LABELS[metric]}
                  stroke={SERIES[0]}
                  dot={false}
                />
              </LineChart>
            </Chart>
          </>
        );
      }}
    </Panel>
  );
};
