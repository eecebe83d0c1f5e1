import {
  Alert,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { actions, rankCrossingText, type ActionResponse } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { formatTime } from '../../common/format/dates';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';

const spec = actions.seoScreens.accurankerRankAlerts;
type RankAlert = ActionResponse<typeof spec>['data'][number];
type Delivery = RankAlert['deliveries'][number];

const STATE_COLOR = { sent: 'success', pending: 'warning', failed: 'error' } as const;

const DeliveryChip = ({ d }: { d: Delivery }) => (
  <Chip
    size="small"
    variant="outlined"
    color={STATE_COLOR[d.state]}
    label={`${d.channel === 'email' ? 'E-mail' : 'SMS'} ${d.recipient}: ${d.state}`}
    title={d.last_error ?? (d.sent_at ? `Sent ${formatTime(d.sent_at) ?? ''}` : undefined)}
    data-testid="alert-delivery"
  />
);

/** The newest alerts the domain's notifications set off: what crossed, and how each message went. */
export const RankAlerts = ({ domainId }: { domainId: number }) => {
  const { data, isPending, error } = useQuery({
    queryKey: ['accuranker-rank-alerts', domainId],
    queryFn: ({ signal }) => callAction(spec, { params: { id: String(domainId) }, query: {} }, { signal }),
  });
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Recent alerts
      </Typography>
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : data.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="no-rank-alerts">
          No alerts yet: none of the watched keywords has crossed its position.
        </Typography>
      ) : (
        <Table size="small" aria-label="Recent rank alerts">
          <TableHead>
            <TableRow>
              <TableCell>Checked</TableCell>
              <TableCell>What moved</TableCell>
              <TableCell>Messages</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((a) => (
              <TableRow key={a.id} data-testid="rank-alert">
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{a.date}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {a.changes.map((c) => (
                    <Typography
                      key={c.keyword_id}
                      variant="body2"
                      sx={{ color: c.direction === 'dropped' ? 'error.main' : 'success.main' }}
                    >
                      {rankCrossingText(c)}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Stack sx={{ gap: 0.5, alignItems: 'start' }}>
                    {a.deliveries.map((d) => (
                      <DeliveryChip key={`${d.channel} ${d.recipient}`} d={d} />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
