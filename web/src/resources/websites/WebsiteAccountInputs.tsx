import { Box } from '@mui/material';
import { TextInput } from 'react-admin';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { SecretInput } from '../../common/inputs/SecretInput';

/** The remote desktop and Google account of a site; their passwords are secrets. */
export const WebsiteAccountInputs = () => (
  <>
    <FormSection title="Remote desktop">
      <Box sx={formGrid}>
        <TextInput source="remote_desktop.ip_address" label="IP address" />
        <TextInput source="remote_desktop.username" label="Username" autoComplete="off" />
        <SecretInput source="remote_desktop.password" label="Password" />
        <TextInput source="remote_desktop.location" label="Location" />
        <TextInput source="remote_desktop.hosting_company" label="Hosting company" />
      </Box>
    </FormSection>
    <FormSection title="Google account">
      <Box sx={formGrid}>
        <TextInput source="google_account.username" label="Username" autoComplete="off" />
        <SecretInput source="google_account.password" label="Password" />
        <TextInput source="google_account.first_name" label="First name" />
        <TextInput source="google_account.last_name" label="Last name" />
        <TextInput
          source="google_account.birthday"
          label="Birthday"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextInput source="google_account.phone_number" label="Phone number" />
        <TextInput source="google_account.phone_number_provider" label="Phone provider" />
      </Box>
      <TextInput source="google_account.notes" label="Notes" multiline minRows={2} />
    </FormSection>
  </>
);
