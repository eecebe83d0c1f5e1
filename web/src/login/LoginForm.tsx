import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { COMPANY_ONLY, LOGIN_FAILED, SIGN_IN_LOCKED } from '../providers/authProvider';

interface Props {
  loading: boolean;
  error: string | null;
  onSubmit: (credentials: { email: string; password: string }) => void;
}

/**
 * E-mail + password; Login stays disabled while loading or while a field is empty (SPEC §2.2). A lock says
 * when it ends: it is the same for unknown and known accounts, so it tells nothing about either.
 */
export const LoginForm = ({ loading, error, onSubmit }: Props) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const disabled = loading || !email.trim() || !password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSubmit({ email: email.trim(), password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" role="alert">
            {error === COMPANY_ONLY || error.startsWith(SIGN_IN_LOCKED) ? error : LOGIN_FAILED}
          </Alert>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          variant="outlined"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={loading}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          variant="outlined"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={loading}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={disabled}
          startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Login
        </Button>
      </Stack>
    </form>
  );
};
