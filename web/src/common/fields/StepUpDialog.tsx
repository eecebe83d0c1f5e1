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
import { useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { GoogleSignIn } from '../../login/GoogleSignIn';
import type { SitefleetDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/http';
import { readSession } from '../../providers/session';

interface Props {
  open: boolean;
  onCancel: () => void;
  /** The password was confirmed: the session may reveal secrets for the next few minutes. */
  onConfirmed: () => void;
}

/**
 * Asks for the signed-in user's password again before a secret is revealed (ADR 0005); a Google user
 * signs in with Google again instead.
 */
export const StepUpDialog = ({ open, onCancel, onConfirmed }: Props) => {
  const dataProvider = useDataProvider<SitefleetDataProvider>();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = (then: () => void) => {
    setPassword('');
    setFieldError(null);
    setError(null);
    then();
  };
  const google = readSession()?.authType === 'google';
  const confirm = async (proof: { password: string } | { id_token: string }) => {
    setBusy(true);
    setFieldError(null);
    setError(null);
    try {
      await dataProvider.stepUp(proof);
      close(onConfirmed);
    } catch (e) {
      const fields = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields?.password) setFieldError(fields.password);
      else setError(fields?.id_token ?? errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm({ password });
  };

  return (
    <Dialog open={open} onClose={() => !busy && close(onCancel)} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>Confirm your password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Revealing a secret needs your {google ? 'Google sign-in' : 'password'}, confirmed within the last
            5 minutes. Every reveal is recorded in the audit log.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {google ? (
            <GoogleSignIn onCredential={(credential) => void confirm({ id_token: credential })} />
          ) : (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              fullWidth
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldError !== null}
              helperText={fieldError ?? ' '}
              slotProps={{ htmlInput: { maxLength: 1024 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(onCancel)} disabled={busy}>
            Cancel
          </Button>
          {!google && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || password === ''}
              startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
            >
              Confirm
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
