import { Box, Button, Stack, Typography } from '@mui/material';
import { resources, type Comparison } from '@sitefleet/shared';
import { useGetOne } from 'react-admin';
import { Link } from 'react-router-dom';
import { BacklinksPanel } from './BacklinksPanel';
import { ConversionsPanel } from './ConversionsPanel';
import { GaPanel } from './GaPanel';
import { GscPanel } from './GscPanel';
import { PeriodToolbar } from './PeriodToolbar';
import { RankingsPanel } from './RankingsPanel';
import { RecentLinksPanel } from './RecentLinksPanel';
import { TldPanel } from './TldPanel';
import { TopPagesPanel } from './TopPagesPanel';

/** Two columns on a wide screen; a wide panel spans both. */
const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;
const wide = { gridColumn: { lg: '1 / -1' } } as const;

/** The chosen site's name and hostname, with a link to its record. */
const SiteHeader = ({ siteId }: { siteId: number }) => {
  const { data } = useGetOne(resources.websites.path, { id: siteId }, { retry: false });
  return (
    <Stack
      direction="row"
      data-testid="dashboard-site"
      sx={{ alignItems: 'baseline', gap: 1.5, mb: 2, flexWrap: 'wrap', minHeight: 32 }}
    >
      <Typography variant="h6" component="p" sx={{ fontWeight: 500 }}>
        {data ? String(data.friendly_name ?? data.hostname) : ''}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {data ? String(data.hostname) : ''}
      </Typography>
      <Button component={Link} to={`/${resources.websites.path}/${siteId}/show`} size="small">
        Open the website
      </Button>
    </Stack>
  );
};

/** A money site's panels (SPEC §2.3), each loading and failing on its own. */
export const SiteDashboard = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => (
  <Box data-testid="dashboard-panels">
    <SiteHeader siteId={siteId} />
    <PeriodToolbar siteId={siteId} comparison={comparison} />
    <Box sx={grid}>
      <BacklinksPanel siteId={siteId} comparison={comparison} />
      <TldPanel siteId={siteId} />
      <GscPanel siteId={siteId} comparison={comparison} />
      <TopPagesPanel siteId={siteId} comparison={comparison} />
      <Box sx={wide}>
        <RecentLinksPanel siteId={siteId} />
      </Box>
      <Box sx={wide}>
        <GaPanel siteId={siteId} comparison={comparison} />
      </Box>
      <ConversionsPanel siteId={siteId} comparison={comparison} />
      <RankingsPanel siteId={siteId} comparison={comparison} />
    </Box>
  </Box>
);
