import { Box, Button } from '@mui/material';
import { PasswordInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { getPath } from '../list/export/exportRules';
import { secretFlagPath } from '../fields/secret';

interface Props {
  source: string;
  label: string;
  helperText?: string;
}

const keep = (value: unknown) => value;

/**
 * A secret's input. Empty means "keep what is stored" (the box never shows the stored value); when a
 * value is stored, "Remove" sends null, which clears it.
 */
export const SecretInput = ({ source, label, helperText }: Props) => {
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as unknown;
  const stored = record ? getPath(record, secretFlagPath(source)) === true : false;
  const removing = value === null && stored;
  const help = removing
    ? 'The stored value will be removed on save'
    : stored
      ? 'Stored. Leave empty to keep it, or type a new value to replace it'
      : (helperText ?? 'Not set');

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, width: '100%' }}>
      <PasswordInput
        source={source}
        label={label}
        parse={keep}
        format={(v: unknown) => (typeof v === 'string' ? v : '')}
        autoComplete="new-password"
        helperText={help}
        disabled={removing}
        fullWidth
      />
      {stored && (
        <Button
          size="small"
          sx={{ mt: 1.5, flexShrink: 0 }}
          color={removing ? 'primary' : 'error'}
          onClick={() => setValue(source, removing ? '' : null, { shouldDirty: true })}
        >
          {removing ? 'Undo' : 'Remove'}
        </Button>
      )}
    </Box>
  );
};
