import { FormControlLabel, Switch } from '@mui/material';
import type { Resolved } from '../../providers/messaging';

/** SPEC §4 Alerts: resolved toggles between yes and no. */
export const ResolvedSwitch = ({
  resolved,
  onChange,
  disabled,
}: {
  resolved: Resolved;
  onChange: (resolved: Resolved) => void;
  disabled?: boolean;
}) => (
  <FormControlLabel
    label="Resolved"
    disabled={disabled}
    sx={{ m: 0, '& .MuiFormControlLabel-label': { typography: 'body2' } }}
    control={
      <Switch
        size="small"
        checked={resolved === 'yes'}
        onChange={(_, checked) => onChange(checked ? 'yes' : 'no')}
      />
    }
  />
);
