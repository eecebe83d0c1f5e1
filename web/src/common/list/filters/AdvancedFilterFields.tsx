import { Stack } from '@mui/material';
import type { Dispatch, SetStateAction } from 'react';
import { FilterField } from './FilterField';
import type { FilterDef, FormValues } from './types';

/**
 * The fields of the Advanced Filters dialog. Loaded when the dialog is first opened (or its button
 * hovered): the reference pickers (Autocomplete) are large and a list's first screen does not show them.
 */
export const AdvancedFilterFields = ({
  defs,
  values,
  setValues,
}: {
  defs: readonly FilterDef[];
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
}) => (
  <Stack spacing={2} sx={{ pt: 1 }}>
    {defs.map((def) => (
      <FilterField
        key={def.source}
        def={def}
        value={values[def.source]}
        onChange={(value) => setValues((v) => ({ ...v, [def.source]: value }))}
      />
    ))}
  </Stack>
);
