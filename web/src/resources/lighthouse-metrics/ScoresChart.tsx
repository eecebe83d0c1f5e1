import { Box, Typography } from '@mui/material';
import { dayEpoch, dayOf, resources } from '@sitefleet/shared';
import { useMemo } from 'react';
import { Loading, useGetList, useRecordContext } from 'react-admin';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../providers/http';
import { SCORES, scoreSeries, type ScorePoint } from './scores';

/** How far back the chart reads (each device runs once a day). */
export const CHART_DAYS = 180;
const COLORS = ['#1e3a5f', '#0288d1', '#2e7d32', '#ed6c02'];

const DeviceChart = ({ title, points }: { title: string; points: readonly ScorePoint[] }) => (
  <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
    <Typography variant="subtitle2" component="h4">
      {title}
    </Typography>
    {points.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        No {title.toLowerCase()} runs
      </Typography>
    ) : (
      <Box
        role="img"
        aria-label={`${title} scores from ${points[0]!.date} to ${points[points.length - 1]!.date}`}
        data-testid="lighthouse-chart"
        sx={{ width: '100%', height: 200 }}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 360, height: 200 }}>
          <LineChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
            <YAxis domain={[0, 100]} fontSize={11} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {SCORES.map(([key, label], i) => (
              <Line
                key={key}
                dataKey={key}
                name={label}
                stroke={COLORS[i]}
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Box>
    )}
  </Box>
);

/** The site's Lighthouse scores over the last CHART_DAYS days, a chart per device. */
export const ScoresChart = (_: { label?: string; wide?: boolean }) => {
  const record = useRecordContext();
  const since = dayEpoch(dayOf(Date.now() - CHART_DAYS * 86_400_000));
  const { data, isPending, error } = useGetList(
    resources.lighthouseMetrics.path,
    {
      pagination: { page: 1, perPage: CHART_DAYS * 2 + 2 },
      sort: { field: 'day', order: 'ASC' },
      filter: { website_id: record?.website_id, day: { min: since } },
    },
    { enabled: record?.website_id !== undefined },
  );
  const series = useMemo(() => scoreSeries(data ?? []), [data]);
  if (!record) return null;
  if (isPending) return <Loading />;
  if (error) return <Typography color="error">{errorMessage(error)}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <DeviceChart title="Desktop" points={series.desktop} />
      <DeviceChart title="Mobile" points={series.mobile} />
    </Box>
  );
};
