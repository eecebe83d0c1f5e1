import LinkIcon from '@mui/icons-material/Link';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { actions, resources } from '@sitefleet/shared';
import { useState } from 'react';
import { Form, PasswordInput, required, TextInput, useNotify } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { callAction } from '../../../providers/actions';
import { errorMessage } from '../../../providers/http';
import { fieldErrorsOf } from '../../cron-jobs/startRun';
import { connectFieldErrors } from './siteActions';

const fields = resources.wpSites.fields;

const ConnectButton = () => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : <LinkIcon />}
    >
      Connect
    </Button>
  );
};

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * SPEC §2.5 Wordpress tab without a connection: URL, user and application password. The server verifies
 * them against the site before it saves anything; what it refuses shows on the matching input.
 */
export const ConnectForm = ({
  websiteId,
  siteUrl,
  onConnected,
}: {
  websiteId: number | string;
  siteUrl: string;
  onConnected: () => void;
}) => {
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: FieldValues) => {
    setFailure(null);
    try {
      await callAction(actions.wordpress.connectSite, {
        params: { id: String(websiteId) },
        body: {
          url: trimmed(values.url),
          username: trimmed(values.username),
          application_password: trimmed(values.application_password),
        },
      });
      notify('WordPress connected', { type: 'success' });
      onConnected();
      return undefined;
    } catch (error) {
      const fields = connectFieldErrors(fieldErrorsOf(error));
      setFailure(errorMessage(error));
      return fields;
    }
  };
  return (
    <Box sx={{ maxWidth: 560 }} data-testid="wp-connect">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        This website has no WordPress connection
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Create an Application Password for a user with the manage_options capability (Users → Profile in
        wp-admin). Sitefleet checks the credentials against the site before it saves them.
      </Typography>
      <Form onSubmit={submit} defaultValues={{ url: siteUrl, username: '', application_password: '' }}>
        <TextInput
          source="url"
          label="WordPress URL"
          validate={required()}
          fullWidth
          slotProps={{ htmlInput: { maxLength: fields.url.maxLength } }}
        />
        <TextInput
          source="username"
          label="User"
          validate={required()}
          fullWidth
          slotProps={{ htmlInput: { maxLength: fields.username.maxLength, autoComplete: 'off' } }}
        />
        <PasswordInput
          source="application_password"
          label="Application password"
          validate={required()}
          fullWidth
          autoComplete="new-password"
        />
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="wp-connect-error">
            {failure}
          </Alert>
        )}
        <ConnectButton />
      </Form>
    </Box>
  );
};
