import { ReferencePicker } from '../../common/record/ReferencePicker';
import { Box } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { validatorsOf } from '../../common/screens/validators';
import { AutocompleteInput, BooleanInput, ReferenceInput, TextInput } from 'react-admin';
import { EpochDateInput } from '../../common/inputs/EpochDateInput';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';

const f = resources.domains.fields;

/** SPEC §5: name required; the server strips scheme and www and stores the Punycode form. */
export const DomainInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <FormSection title="Domain">
      <Box sx={formGrid}>
        <TextInput
          source="name"
          label="Name"
          validate={validatorsOf(f.name)}
          helperText="Scheme and www. are removed; Unicode names are kept as Punycode"
        />
        <ReferenceInput
          source="website_id"
          reference={resources.websites.path}
          sort={{ field: 'hostname', order: 'ASC' }}
        >
          <AutocompleteInput label="Website" optionText="hostname" />
        </ReferenceInput>
      </Box>
      <TextInput source="notes" label="Notes" multiline minRows={2} validate={validatorsOf(f.notes)} />
    </FormSection>
    <FormSection title="Registration">
      <Box sx={formGrid}>
        <ReferencePicker
          source="registrar_id"
          reference={resources.registrars.path}
          label="Registrar"
          optionText="registrar"
        />
        <ReferencePicker
          source="registrant_id"
          reference={resources.registrants.path}
          label="Registrant"
          optionText="registrant_name"
        />
        <EpochDateInput source="creation_date" label="Creation date" />
        <EpochDateInput source="expiration_date" label="Expiration date" />
        <TextInput source="pulled_from" label="Pulled from" validate={validatorsOf(f.pulled_from)} />
      </Box>
      <StringListInput source="nameservers" label="Nameservers" />
    </FormSection>
    <FormSection title="Flags">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <BooleanInput source="deindexed" label="Deindexed" helperText={false} />
        <BooleanInput source="expiration_alerts" label="Expiration alerts" helperText={false} />
        <BooleanInput source="whois_protected" label="WhoIs protected" helperText={false} />
        <BooleanInput source="auto_renew" label="Auto renew" helperText={false} />
      </Box>
    </FormSection>
  </Box>
);
