import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { StaticOperation } from '@sitefleet/shared';
import { useEffect, useState } from 'react';
import type { StaticStatus } from './staticFormat';
import { operationLabel } from './staticFormat';

/** What each operation does, in a sentence the user confirms. */
function explanation(op: StaticOperation, s: StaticStatus): string {
  switch (op) {
    case 'convert':
      return `Sitefleet crawls ${s.hostname}'s WordPress into a static copy, checks it (every internal link, no trace of the WordPress address, every page of the sitemap, every bought link and affiliate redirect) and publishes it as a new release when the check passes.`;
    case 'publish':
      return `Sitefleet crawls WordPress again and publishes the changes as a new release, behind the same checks; the release served now stays available for a rollback.`;
    case 'rollback':
      return s.releases > 1
        ? `${s.hostname} goes back to the release before ${s.current_release ?? 'the live one'}, at once.`
        : `${s.hostname} has no earlier release: it goes back to WordPress, and the static copy is no longer served.`;
    default:
      return '';
  }
}

/** The confirmation of a static operation; a convert says where WordPress answers (prefilled). */
export const StaticConfirmDialog = ({
  op,
  status,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  op: StaticOperation | null;
  status: StaticStatus;
  busy: boolean;
  error: { message: string; fields?: Record<string, string> } | null;
  onConfirm: (origin: string) => void;
  onClose: () => void;
}) => {
  const [origin, setOrigin] = useState(status.origin_url ?? '');
  useEffect(() => {
    if (op) setOrigin(status.origin_url ?? '');
  }, [op, status.origin_url]);
  const originError = error?.fields?.origin ?? error?.fields?.['query.origin'];
  return (
    <Dialog
      open={op !== null}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="static-confirm-title"
    >
      <DialogTitle id="static-confirm-title">{op ? operationLabel(op, status) : ''}</DialogTitle>
      <DialogContent dividers>
        {op && <DialogContentText sx={{ mb: 2 }}>{explanation(op, status)}</DialogContentText>}
        {op === 'convert' && (
          <TextField
            label="WordPress address (crawled)"
            value={origin}
            onChange={(e) => setOrigin(e.target.value)}
            fullWidth
            size="small"
            error={Boolean(originError)}
            helperText={
              originError ??
              'Where WordPress keeps answering once the domain serves the static release; the copy is rewritten to the site’s own address.'
            }
          />
        )}
        {error && !originError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="static-refused">
            Error: {error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(origin.trim())}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {op === 'rollback' ? 'Roll back' : op === 'publish' ? 'Publish' : 'Convert'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
