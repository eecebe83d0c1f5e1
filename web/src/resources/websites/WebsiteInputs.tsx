import { ReferencePicker } from '../../common/record/ReferencePicker';
import { Box, Typography } from '@mui/material';
import {
  CDN_PROVIDERS,
  MARKETS,
  resources,
  WEBSITE_STATUS_LABELS,
  WEBSITE_STATUSES,
  WEBSITE_TYPES,
} from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { SecretInput } from '../../common/inputs/SecretInput';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { TYPE_LABELS } from './labels';
import { WebsiteAccountInputs } from './WebsiteAccountInputs';

const f = resources.websites.fields;

/** SPEC §5: url and target_market are required. Create and Edit share these inputs. */
export const WebsiteInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 1000 }}>
    <FormSection title="Site">
      <Box sx={formGrid}>
        <TextInput
          source="url"
          label="URL"
          validate={validatorsOf(f.url)}
          helperText="https:// is added when missing"
        />
        <TextInput source="friendly_name" label="Friendly name" validate={validatorsOf(f.friendly_name)} />
        <SelectInput
          source="type"
          label="Type"
          choices={choicesOf(WEBSITE_TYPES, TYPE_LABELS)}
          emptyText="None"
        />
        <SelectInput
          source="status"
          label="Status"
          choices={choicesOf(WEBSITE_STATUSES, WEBSITE_STATUS_LABELS)}
          emptyText="None"
        />
        <AutocompleteInput
          source="target_market"
          label="Target market"
          choices={choicesOf(MARKETS)}
          validate={validatorsOf(f.target_market)}
        />
        <ReferencePicker
          source="user_id"
          reference={resources.users.path}
          label="Product owner"
          optionText="email"
        />
        <ReferenceArrayInput
          source="tags"
          reference={resources.tags.path}
          perPage={999}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteArrayInput label="Tags" optionText="name" />
        </ReferenceArrayInput>
        <TextInput
          source="uptime_robot_keyword"
          label="Uptime Robot keyword"
          validate={validatorsOf(f.uptime_robot_keyword)}
        />
        <NumberInput
          source="no_new_backlinks_threshold"
          label="No new backlinks threshold (days)"
          validate={validatorsOf(f.no_new_backlinks_threshold)}
        />
        <BooleanInput source="has_captcha" label="Has captcha" helperText={false} />
      </Box>
      <TextInput source="notes" label="Notes" multiline minRows={2} validate={validatorsOf(f.notes)} />
    </FormSection>
    <FormSection title="Hosting">
      <Box sx={formGrid}>
        <ReferenceInput
          source="domain_id"
          reference={resources.domains.path}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            label="Domain"
            optionText="unicode_name"
            helperText="Found from the URL when empty"
          />
        </ReferenceInput>
        <ReferencePicker
          source="server_id"
          reference={resources.servers.path}
          label="Server"
          optionText="name"
          perPage={900}
        />
        <ReferencePicker
          source="ip_address_id"
          reference={resources.ipAddresses.path}
          label="IP address"
          optionText="ip_address"
          perPage={900}
        />
        <ReferenceInput
          source="repository_id"
          reference={resources.repositories.path}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput label="Repository" optionText="name" />
        </ReferenceInput>
        <SelectInput
          source="cdn_provider_id"
          label="CDN provider"
          choices={choicesOf(CDN_PROVIDERS)}
          emptyText="None"
        />
        <SecretInput
          source="http_auth_credentials"
          label="HTTP auth credentials"
          helperText="user:password"
        />
        <NumberInput
          source="runcloud_server_id"
          label="RunCloud server ID"
          validate={validatorsOf(f.runcloud_server_id)}
        />
        <NumberInput
          source="runcloud_webapp_id"
          label="RunCloud web app ID"
          validate={validatorsOf(f.runcloud_webapp_id)}
        />
        <NumberInput
          source="runcloud_alias_id"
          label="RunCloud alias ID"
          validate={validatorsOf(f.runcloud_alias_id)}
        />
      </Box>
    </FormSection>
    <WebsiteAccountInputs />
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      Passwords and credentials are stored encrypted and never shown in this form.
    </Typography>
  </Box>
);
