import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { cronRunPath } from '../../cron-jobs/paths';
import type { SiteActionOutcome } from './siteActions';

export const CHECK_STATUS = 'Check action status';

/**
 * SPEC §8 WordPress action dialog: 'Success: true/false' with the message and a 'Check action status' link
 * to the cron run, or 'Error: {message}' when the action was refused.
 */
export const ActionResultDialog = ({
  title,
  outcome,
  onClose,
}: {
  title: string;
  outcome: SiteActionOutcome | null;
  onClose: () => void;
}) => (
  <Dialog open={outcome !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="wp-action-title">
    <DialogTitle id="wp-action-title">{title}</DialogTitle>
    <DialogContent dividers>
      {outcome?.kind === 'done' && (
        <>
          <Typography variant="body1" data-testid="wp-action-success">
            Success: {String(outcome.success)}
          </Typography>
          {outcome.message && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {outcome.message}
            </Typography>
          )}
          <Link
            component={RouterLink}
            to={cronRunPath('dms', outcome.cronId)}
            onClick={onClose}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {CHECK_STATUS}
          </Link>
        </>
      )}
      {outcome?.kind === 'failed' && (
        <Typography variant="body1" color="error" data-testid="wp-action-error">
          Error: {outcome.message}
        </Typography>
      )}
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>Close</Button>
    </DialogActions>
  </Dialog>
);
