import { MenuItem, Stack, TextField } from '@mui/material';
import { ReferenceFilterField } from './ReferenceFilterField';
import { widgetOf, type Choice, type FilterDef, type FormValue } from './types';

interface Props {
  def: FilterDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
}

const YES_NO: Choice[] = [
  { id: 'true', name: 'Yes' },
  { id: 'false', name: 'No' },
];
const NULL_FLAGS: Choice[] = [
  { id: 'not_null', name: 'Is set' },
  { id: 'null', name: 'Is empty' },
];

const SelectField = ({ def, value, onChange, choices }: Props & { choices: readonly Choice[] }) => (
  <TextField
    select
    fullWidth
    size="small"
    variant="outlined"
    label={def.label}
    value={typeof value === 'string' ? value : ''}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ htmlInput: { 'data-source': def.source } }}
  >
    <MenuItem value="">
      <em>Any</em>
    </MenuItem>
    {choices.map((c) => (
      <MenuItem key={String(c.id)} value={String(c.id)}>
        {c.name}
      </MenuItem>
    ))}
  </TextField>
);

/** One input of the Advanced Filters dialog; the value is the dialog's form value (see filterRules). */
export const FilterField = (props: Props) => {
  const { def, value, onChange } = props;
  const widget = widgetOf(def);
  switch (widget) {
    case 'select':
      return <SelectField {...props} choices={def.choices ?? []} />;
    case 'boolean':
      return <SelectField {...props} choices={YES_NO} />;
    case 'notNull':
      return <SelectField {...props} choices={NULL_FLAGS} />;
    case 'reference':
      return (
        <ReferenceFilterField def={def} value={typeof value === 'string' ? value : ''} onChange={onChange} />
      );
    case 'dateRange':
    case 'numberRange': {
      const range = typeof value === 'object' && value ? value : {};
      return (
        <Stack direction="row" spacing={1}>
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              type={widget === 'dateRange' ? 'date' : 'number'}
              size="small"
              variant="outlined"
              fullWidth
              label={`${def.label} ${end}`}
              value={range[end] ?? ''}
              onChange={(e) => onChange({ ...range, [end]: e.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Stack>
      );
    }
    default:
      return (
        <TextField
          fullWidth
          size="small"
          variant="outlined"
          label={def.label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          helperText={widget === 'csv' ? 'Separate several values with commas' : undefined}
          slotProps={{ htmlInput: { 'data-source': def.source } }}
        />
      );
  }
};
