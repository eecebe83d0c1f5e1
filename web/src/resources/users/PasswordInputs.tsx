import { Typography } from '@mui/material';
import { PasswordInput, useRecordContext } from 'react-admin';
import { passwordRequired, validateNewPassword, validateVerifyPassword } from './passwordRules';

/** New password + confirmation; required only on create for non-Google users (SPEC §5). */
export const PasswordInputs = ({ mode }: { mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const required = passwordRequired(mode, record);
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Password
      </Typography>
      {mode === 'edit' && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Leave both boxes empty to keep the current password.
        </Typography>
      )}
      <PasswordInput
        source="new_password"
        label="New password"
        autoComplete="new-password"
        validate={(value: unknown) => validateNewPassword(value, required)}
        isRequired={required}
        helperText="At least 12 characters"
        fullWidth
      />
      <PasswordInput
        source="verify_password"
        label="Confirm password"
        autoComplete="new-password"
        validate={(value: unknown, values: Record<string, unknown>) =>
          validateVerifyPassword(value, values, required)
        }
        isRequired={required}
        fullWidth
      />
    </>
  );
};
