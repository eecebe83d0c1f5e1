import { Alert, Box, Link } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Launch } from './Launch';
import { LaunchList } from './LaunchList';
import { DEPLOY_WEBSITE_ROUTE, DRAFT_PARAM, draftIdOf } from './route';

/**
 * The website creation wizard (SPEC §2.6) at /deploy-website: the launches in progress, or with
 * `?draft={id}` one launch, which lives on the server and so survives a reload.
 */
export const DeployWebsitePage = () => {
  const [search] = useSearchParams();
  const id = draftIdOf(search.get(DRAFT_PARAM));
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Deploy a website" />
      {id === null ? (
        <LaunchList />
      ) : Number.isNaN(id) ? (
        <Alert severity="error">
          This address names no launch.{' '}
          <Link component={RouterLink} to={DEPLOY_WEBSITE_ROUTE}>
            See the launches in progress
          </Link>
        </Alert>
      ) : (
        <Launch key={id} id={id} />
      )}
    </Box>
  );
};
