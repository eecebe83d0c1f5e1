import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useStore } from 'react-admin';
import { MoneySitePicker } from './MoneySitePicker';

export const SELECT_MONEY_SITE = 'Please select a Money Site';

/** Home: pick a money site; its analytics panels come with the websites screens (SPEC §2.3). */
export const Dashboard = () => {
  const { identity } = useGetIdentity();
  // kept in local storage and synced across tabs by react-admin's store
  const [siteId, setSiteId] = useStore<number | null>('dashboard.moneySite', null);
  const firstName = identity?.fullName?.split(' ')[0];
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" sx={{ mb: 2, fontWeight: 500 }}>
        {firstName ? `Welcome back, ${firstName}` : 'Welcome back'}
      </Typography>
      <Card>
        <CardContent>
          <MoneySitePicker value={siteId} onChange={setSiteId} />
          <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
            <InsightsOutlined sx={{ fontSize: 56, opacity: 0.4 }} />
            <Typography variant="h6" sx={{ fontWeight: 400 }} data-testid="dashboard-prompt">
              {SELECT_MONEY_SITE}
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
