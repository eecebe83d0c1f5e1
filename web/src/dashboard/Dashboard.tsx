import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { Title, useGetIdentity, useGetOne, useStore } from 'react-admin';
import { Link } from 'react-router-dom';
import { MoneySitePicker } from './MoneySitePicker';

export const SELECT_MONEY_SITE = 'Please select a Money Site';

/** The chosen money site; its analytics panels (SPEC §2.3) come with their own screens. */
const ChosenSite = ({ id }: { id: number }) => {
  const { data } = useGetOne(resources.websites.path, { id }, { retry: false });
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="dashboard-site">
      <InsightsOutlined sx={{ fontSize: 56, opacity: 0.4 }} />
      <Typography variant="h6" sx={{ fontWeight: 400, color: 'text.primary' }}>
        {data ? String(data.friendly_name ?? data.hostname) : ' '}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {data ? String(data.hostname) : ''}
      </Typography>
      <Button component={Link} to={`/${resources.websites.path}/${id}/show`} variant="outlined" size="small">
        Open the website
      </Button>
    </Box>
  );
};

/** Home: pick a money site (SPEC §2.3); the choice is kept in local storage and synced across tabs. */
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
          {siteId === null ? (
            <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
              <InsightsOutlined sx={{ fontSize: 56, opacity: 0.4 }} />
              <Typography variant="h6" sx={{ fontWeight: 400 }} data-testid="dashboard-prompt">
                {SELECT_MONEY_SITE}
              </Typography>
            </Box>
          ) : (
            <ChosenSite id={siteId} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
