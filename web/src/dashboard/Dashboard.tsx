import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity } from 'react-admin';
import { ComparisonToggle } from './ComparisonToggle';
import { MoneySitePicker } from './MoneySitePicker';
import { SiteDashboard } from './SiteDashboard';
import { useComparison, useMoneySite } from './useSeo';

export const SELECT_MONEY_SITE = 'Please select a Money Site';

/**
 * Home: the money-site dashboard (SPEC §2.3). The site and comparison are kept in local storage and synced
 * across tabs by react-admin's store.
 */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  const [siteId, setSiteId] = useMoneySite();
  const [comparison, setComparison] = useComparison();
  const firstName = identity?.fullName?.split(' ')[0];
  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 500 }}>
        {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            sx={{ gap: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <MoneySitePicker value={siteId} onChange={setSiteId} />
            </Box>
            {siteId !== null && <ComparisonToggle value={comparison} onChange={setComparison} />}
          </Stack>
          {siteId === null && (
            <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
              <InsightsOutlined sx={{ fontSize: 56, opacity: 0.4 }} />
              <Typography variant="h6" sx={{ fontWeight: 400 }} data-testid="dashboard-prompt">
                {SELECT_MONEY_SITE}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
      {siteId !== null && <SiteDashboard siteId={siteId} comparison={comparison} />}
    </Box>
  );
};
