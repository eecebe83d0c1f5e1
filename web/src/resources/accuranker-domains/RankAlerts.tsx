import { Box, Chip, Stack, Typography } from '@mui/material';
import { actions, rankCrossingText, type ActionResponse } from '@sitefleet/shared';
import { ActionTable, NOWRAP_TOP, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { useActionQuery } from '../../common/list/useActionQuery';
import { formatTime } from '../../common/format/dates';

const spec = actions.seoScreens.accurankerRankAlerts;
type Answer = ActionResponse<typeof spec>;
type RankAlert = Answer['data'][number];
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

const COLUMNS: Array<ActionColumn<RankAlert>> = [
  { label: 'Checked', render: (a) => a.date, sx: NOWRAP_TOP },
  {
    label: 'What moved',
    sx: TOP,
    render: (a) =>
      a.changes.map((c) => (
        <Typography
          key={c.keyword_id}
          variant="body2"
          sx={{ color: c.direction === 'dropped' ? 'error.main' : 'success.main' }}
        >
          {rankCrossingText(c)}
        </Typography>
      )),
  },
  {
    label: 'Messages',
    sx: TOP,
    render: (a) => (
      <Stack sx={{ gap: 0.5, alignItems: 'start' }}>
        {a.deliveries.map((d) => (
          <DeliveryChip key={`${d.channel} ${d.recipient}`} d={d} />
        ))}
      </Stack>
    ),
  },
];

const rowsOf = (answer: Answer) => answer.data;

/** The newest alerts the domain's notifications set off: what crossed, and how each message went. */
export const RankAlerts = ({ domainId }: { domainId: number }) => {
  const query = useActionQuery(spec, { params: { id: String(domainId) }, query: {} });
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Recent alerts
      </Typography>
      <ActionTable
        query={query}
        rows={rowsOf}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        label="Recent rank alerts"
        empty="No alerts yet: none of the watched keywords has crossed its position."
        emptyTestId="no-rank-alerts"
        rowTestId="rank-alert"
      />
    </Box>
  );
};
