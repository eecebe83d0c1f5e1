import { Box, Typography } from '@mui/material';
import { actions, type ActionResponse } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { Loading, useRecordContext } from 'react-admin';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';

const spec = actions.seoScreens.accurankerHistory;
export type HistoryDay = ActionResponse<typeof spec>['data'][number];

/** The days' figures in a sentence (the chart's accessible label). */
export function historySummary(days: readonly HistoryDay[]): string {
  if (!days.length) return 'No rank checks';
  const last = days[days.length - 1]!;
  const rank = last.average_rank === null ? 'no ranked keyword' : `average rank ${last.average_rank}`;
  return `${days.length} day${days.length === 1 ? '' : 's'} from ${days[0]!.date} to ${last.date}; on ${last.date} ${rank}, ${last.top10} in the top 10`;
}

/**
 * SPEC §2.5 accuranker-domains History: the average rank (lower is better, so its axis runs downwards) and
 * the keywords in the top 10, per day over the last 90 days.
 */
export const RankHistory = (_: { label?: false }) => {
  const record = useRecordContext();
  const id = record?.id;
  const { data, isPending, error } = useQuery({
    queryKey: ['accuranker-history', id],
    queryFn: ({ signal }) => callAction(spec, { params: { id: String(id) }, query: {} }, { signal }),
    enabled: id !== undefined,
  });
  if (!record) return null;
  if (isPending) return <Loading />;
  if (error) return <Typography color="error">{errorMessage(error)}</Typography>;
  const days = data.data;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Last {actions.seoScreens.ACCURANKER_HISTORY_DAYS} days
      </Typography>
      {days.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No rank checks in the last {actions.seoScreens.ACCURANKER_HISTORY_DAYS} days
        </Typography>
      ) : (
        <Box role="img" aria-label={historySummary(days)} data-testid="rank-history" sx={{ height: 280 }}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 280 }}>
            <LineChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
              <YAxis yAxisId="rank" reversed allowDecimals={false} fontSize={11} />
              <YAxis yAxisId="top10" orientation="right" allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line
                yAxisId="rank"
                dataKey="average_rank"
                name="Average rank"
                stroke="#1e3a5f"
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
              <Line
                yAxisId="top10"
                dataKey="top10"
                name="Keywords in top 10"
                stroke="#2e7d32"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Box>
  );
};
