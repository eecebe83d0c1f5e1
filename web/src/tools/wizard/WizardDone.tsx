import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { resources, WIZARD_DONE_TEXT, WIZARD_RESTART_LABEL } from '@sitefleet/shared';
import type { WizardDraft } from './types';
import { Link as RouterLink } from 'react-router-dom';
import { NO_START_TEXT } from './messages';
import { useStartLaunch } from './useStartLaunch';

/** After the last step (SPEC §2.6): the done text, the saved website, and a new launch. */
export const WizardDone = ({ draft }: { draft: WizardDraft }) => {
  const launch = useStartLaunch();
  return (
    <Stack spacing={2} data-testid="wizard-done">
      <Alert severity="success">{WIZARD_DONE_TEXT}</Alert>
      {draft.website_id !== null && (
        <Link
          component={RouterLink}
          to={`/${resources.websites.path}/${draft.website_id}/show`}
          underline="hover"
        >
          Open the website {draft.info.hostname ?? ''}
        </Link>
      )}
      <Box>
        <Button
          variant="contained"
          startIcon={<RocketLaunchOutlined />}
          onClick={() => void launch.start()}
          disabled={!launch.may || launch.busy}
        >
          {WIZARD_RESTART_LABEL}
        </Button>
      </Box>
      {!launch.may && !launch.permissionsPending && <Alert severity="info">{NO_START_TEXT}</Alert>}
    </Stack>
  );
};
