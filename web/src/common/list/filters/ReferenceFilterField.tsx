import { Autocomplete, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import type { FilterDef } from './types';

interface Props {
  def: FilterDef;
  value: string;
  onChange: (value: string) => void;
}

/** Picks one record of the referenced resource (for example a role) by its name. */
export const ReferenceFilterField = ({ def, value, onChange }: Props) => {
  const optionText = def.optionText ?? 'name';
  const { data = [], isPending } = useGetList(def.reference ?? '', {
    pagination: { page: 1, perPage: 999 },
    sort: { field: optionText, order: 'ASC' },
  });
  const options = data.map((r) => ({ id: String(r.id), name: String(r[optionText] ?? r.id) }));
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={options}
      loading={isPending}
      value={selected}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, option) => onChange(option?.id ?? '')}
      renderInput={(params) => <TextField {...params} variant="outlined" label={def.label} />}
    />
  );
};
