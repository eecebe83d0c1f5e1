import { Box } from '@mui/material';
import {
  resources,
  SERVICE_FIELD_HELP,
  SERVICE_TYPE_INFO,
  SERVICE_TYPE_LABELS,
  isServiceType,
} from '@sitefleet/shared';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formGrid } from '../../common/inputs/FormSection';
import { inputOf } from '../../common/screens/inputs';
import { validatorsOf } from '../../common/screens/validators';

const spec = resources.serviceDiscovery;
const f = spec.fields;

/**
 * A service's form: its website and type, then where it is, the help following the type (a URL and the host
 * serving it for web services; the name looked up and the host its record names for DNS services). What the
 * check found is the check's to write.
 */
export const ServiceDiscoveryInputs = () => {
  const type: unknown = useWatch({ name: 'type' });
  const help = SERVICE_FIELD_HELP[isServiceType(type) ? SERVICE_TYPE_INFO[type].check : 'http'];
  return (
    <Box sx={{ width: '100%', maxWidth: 900 }}>
      <Box sx={formGrid}>
        {inputOf(spec, 'website_id')}
        {inputOf(spec, 'type', { labels: SERVICE_TYPE_LABELS })}
        <TextInput
          source="location"
          label="Location"
          validate={validatorsOf(f.location)}
          helperText={help.location}
        />
        <TextInput
          source="hostname"
          label="Hostname"
          validate={validatorsOf(f.hostname)}
          helperText={help.hostname}
        />
      </Box>
    </Box>
  );
};
