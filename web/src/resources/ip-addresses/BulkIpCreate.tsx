import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useState } from 'react';
import { Form, TextInput, useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { errorDetail } from '../../providers/http';
import { BulkIpResults, type BulkIpResult } from './BulkIpResults';
import { SharedIpInputs } from './IpAddressInputs';
import { parseIpText, toIpRecords, toIpText } from './ipList';

const LIST = 'ip_list';

const Preview = ({ busy }: { busy: boolean }) => {
  const entries = parseIpText(String(useWatch({ name: LIST }) ?? ''));
  const valid = entries.filter((e) => e.valid && !e.duplicate).length;
  const invalid = entries.filter((e) => !e.valid);
  const repeated = entries.filter((e) => e.valid && e.duplicate).length;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <Button
        type="submit"
        variant="contained"
        disabled={busy || valid === 0}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {valid === 1 ? 'Create 1 IP address' : `Create ${valid} IP addresses`}
      </Button>
      {invalid.length > 0 && (
        <Typography variant="body2" color="error">
          Not valid, skipped: {invalid.map((e) => e.ip_address).join(', ')}
        </Typography>
      )}
      {repeated > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {repeated} repeated, created once
        </Typography>
      )}
    </Stack>
  );
};

/** Puts the addresses that failed back into the textarea (IP objects → text), to fix and retry them. */
const RetryFailed = ({ failed }: { failed: readonly BulkIpResult[] }) => {
  const { setValue } = useFormContext();
  if (failed.length === 0) return null;
  return (
    <Button
      size="small"
      sx={{ mt: 1 }}
      onClick={() => setValue(LIST, toIpText(failed), { shouldDirty: true })}
    >
      Keep only the failed addresses
    </Button>
  );
};

/** SPEC §7.1: many addresses typed in one textarea; each becomes one create, with its own result. */
export const BulkIpCreate = () => {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BulkIpResult[] | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    const { [LIST]: text, ...shared } = values;
    const records = toIpRecords(parseIpText(String(text ?? '')), shared);
    setBusy(true);
    const done: BulkIpResult[] = [];
    for (const data of records) {
      try {
        const { data: created } = await dataProvider.create(resources.ipAddresses.path, { data });
        done.push({ ip_address: data.ip_address, id: Number(created.id), error: null });
      } catch (error) {
        done.push({ ip_address: data.ip_address, id: null, error: errorDetail(error) });
      }
      setResults([...done]);
    }
    setBusy(false);
  };
  const failed = results?.filter((r) => r.error).length ?? 0;

  return (
    <Box sx={{ p: 2, width: '100%', maxWidth: 900 }}>
      <Form onSubmit={submit} defaultValues={{ available: true }}>
        <TextInput
          source={LIST}
          label="IP addresses"
          multiline
          minRows={5}
          helperText="One address a line, or separated by commas"
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <SharedIpInputs />
        <Preview busy={busy} />
        {!busy && results && <RetryFailed failed={results.filter((r) => r.error)} />}
      </Form>
      {results && (
        <Box sx={{ mt: 3 }}>
          {!busy && (
            <Alert severity={failed ? 'warning' : 'success'} sx={{ mb: 1 }} data-testid="bulk-ip-summary">
              {results.length - failed} created, {failed} failed
            </Alert>
          )}
          <BulkIpResults results={results} />
        </Box>
      )}
    </Box>
  );
};
