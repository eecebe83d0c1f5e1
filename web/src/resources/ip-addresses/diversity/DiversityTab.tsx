import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Loading, Title, useDataProvider, useGetMany } from 'react-admin';
import type { SitefleetDataProvider } from '../../../providers/dataProvider';
import { errorMessage } from '../../../providers/http';
import { siteIdsOf, totalCards } from './format';
import { ShareBars } from './ShareBars';
import { SubnetTable } from './SubnetTable';

/** The IP addresses Diversity tab: how the network's sites spread over subnets, providers, locations. */
export const DiversityTab = () => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: [resources.ipAddresses.path, 'diversity'],
    queryFn: () => dataProvider.ipDiversity(),
  });
  const ids = useMemo(() => (data ? siteIdsOf(data) : []), [data]);
  const { data: sites = [] } = useGetMany(resources.websites.path, { ids }, { enabled: ids.length > 0 });
  const hostnames = useMemo(() => new Map(sites.map((s) => [Number(s.id), String(s.hostname)])), [sites]);

  return (
    <Box sx={{ pt: 2 }} data-testid="diversity">
      <Title title="IP Addresses · Diversity" />
      {isPending && <Loading />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
            {totalCards(data.totals).map((card) => (
              <Card key={card.label} variant="outlined" data-testid="diversity-total">
                <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {card.label}
                  </Typography>
                  <Typography variant="h5" sx={{ fontWeight: 500 }}>
                    {card.value}
                  </Typography>
                  {card.hint && (
                    <Typography
                      variant="caption"
                      sx={{ color: card.warn ? 'warning.main' : 'text.secondary' }}
                    >
                      {card.hint}
                    </Typography>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <ShareBars title="Providers" rows={data.providers} />
            <ShareBars title="Locations" rows={data.locations} />
          </Box>
          <SubnetTable title="/24 subnets" subnets={data.subnets24} hostnames={hostnames} />
          <SubnetTable title="/16 subnets" subnets={data.subnets16} hostnames={hostnames} />
        </Stack>
      )}
    </Box>
  );
};
