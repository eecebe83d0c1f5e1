import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { SecretField } from '../../common/fields/SecretField';
import { Section } from '../../common/record/Section';

const Panel = ({ source, title, children }: { source: string; title: string; children: ReactNode }) => {
  const record = useRecordContext();
  const empty = !record?.[source];
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 380px', minWidth: 0 }} data-testid={`panel-${source}`}>
      {empty ? (
        <>
          <Typography variant="overline" sx={{ color: 'text.secondary', fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.disabled' }}>
            Not recorded
          </Typography>
        </>
      ) : (
        <Section title={title} columns={2}>
          {children}
        </Section>
      )}
    </Paper>
  );
};

/** The remote desktop and Google account panels; passwords are masked until revealed. */
export const WebsiteAccounts = (_: { label: false }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', mt: 2 }}>
    <Panel source="remote_desktop" title="Remote desktop">
      <RecordValue source="remote_desktop.ip_address" label="IP address" />
      <RecordValue source="remote_desktop.username" label="Username" />
      <SecretField source="remote_desktop.password" label="Password" />
      <RecordValue source="remote_desktop.location" label="Location" />
      <RecordValue source="remote_desktop.hosting_company" label="Hosting company" />
    </Panel>
    <Panel source="google_account" title="Google account">
      <RecordValue source="google_account.username" label="Username" />
      <SecretField source="google_account.password" label="Password" />
      <RecordValue source="google_account.first_name" label="First name" />
      <RecordValue source="google_account.last_name" label="Last name" />
      <RecordValue source="google_account.birthday" label="Birthday" />
      <RecordValue source="google_account.phone_number" label="Phone number" />
      <RecordValue source="google_account.phone_number_provider" label="Phone provider" />
      <RecordValue source="google_account.notes" label="Notes" kind="multiline" wide />
    </Panel>
  </Box>
);
