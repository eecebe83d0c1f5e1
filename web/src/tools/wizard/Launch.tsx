import { Alert, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../providers/http';
import { LaunchNav } from './LaunchNav';
import { NO_ADVANCE_TEXT } from './messages';
import { DEPLOY_WEBSITE_ROUTE } from './route';
import { StepPanel } from './StepPanel';
import { useWizard } from './useWizard';
import { WizardDone } from './WizardDone';
import { WizardStepper } from './WizardStepper';

/** One launch: its visited steps, the current one's panel, and the moves; or, finished, what was made. */
export const Launch = ({ id }: { id: number }) => {
  const wizard = useWizard(id);
  const { draft } = wizard;
  if (wizard.loadError) return <Alert severity="error">{errorMessage(wizard.loadError)}</Alert>;
  if (!draft) return <Loading />;
  const completed = draft.status === 'completed';
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {draft.info.hostname ? `Launch of ${draft.info.hostname}` : `Launch #${draft.id}`}
            </Typography>
            <Link component={RouterLink} to={DEPLOY_WEBSITE_ROUTE} variant="body2" underline="hover">
              Launches in progress
            </Link>
          </Stack>
          {wizard.conflict && (
            <Alert severity="warning" data-testid="wizard-conflict">
              {wizard.conflict}
            </Alert>
          )}
          {!completed && !wizard.may.advance && !wizard.permissionsPending && (
            <Alert severity="info">{NO_ADVANCE_TEXT}</Alert>
          )}
          <WizardStepper draft={draft}>
            <Stack spacing={2}>
              <StepPanel draft={draft} wizard={wizard} />
              {wizard.failure && (
                <Alert severity="error" data-testid="wizard-call-failure">
                  {wizard.failure}
                </Alert>
              )}
              <Divider />
              <LaunchNav draft={draft} wizard={wizard} />
            </Stack>
          </WizardStepper>
          {completed && <WizardDone draft={draft} />}
        </Stack>
      </CardContent>
    </Card>
  );
};
