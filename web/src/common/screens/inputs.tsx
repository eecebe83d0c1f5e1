import type { ResourceSpec } from '@sitefleet/shared';
import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { choicesOf } from '../format/choices';
import { EpochDateInput } from '../inputs/EpochDateInput';
import { SecretInput } from '../inputs/SecretInput';
import { StringListInput } from '../inputs/StringListInput';
import { ReferencePicker } from '../record/ReferencePicker';
import { inputFields, labelOf, referenceOf } from './derive';
import { validatorsOf } from './validators';

export interface InputLook {
  label?: string;
  /** Rules the declaration cannot say (an IP address check), after the declared ones. */
  extra?: Validator[];
  /** Labels of an enum's values. */
  labels?: Readonly<Record<string, string>>;
  autoFocus?: boolean;
}

/** A form input for a declared field: its kind picks the input, its declaration the label and the rules. */
export function inputOf(spec: ResourceSpec, key: string, look: InputLook = {}): ReactElement {
  const field = spec.fields[key];
  if (!field) throw new Error(`${spec.name} declares no field "${key}"`);
  const label = look.label ?? labelOf(spec, key);
  const validate = validatorsOf(field, ...(look.extra ?? []));
  const common = { source: key, label, validate };
  switch (field.kind) {
    case 'secret':
      return <SecretInput key={key} source={key} label={label} />;
    case 'boolean':
      return <BooleanInput key={key} {...common} helperText={false} />;
    case 'integer':
    case 'number':
      return <NumberInput key={key} {...common} />;
    case 'timestamp':
      return <EpochDateInput key={key} source={key} label={label} />;
    case 'enum':
      return (
        <SelectInput
          key={key}
          {...common}
          choices={choicesOf(field.writeValues ?? field.values ?? [], look.labels)}
        />
      );
    case 'reference': {
      const ref = referenceOf(field.reference ?? '');
      return (
        <ReferencePicker
          key={key}
          source={key}
          label={label}
          reference={ref.path}
          optionText={ref.optionText}
          {...(field.referenceWhere ? { filter: field.referenceWhere.match } : {})}
        />
      );
    }
    case 'references': {
      const ref = referenceOf(field.reference ?? '');
      return (
        <ReferenceArrayInput
          key={key}
          source={key}
          reference={ref.path}
          sort={{ field: ref.optionText, order: 'ASC' }}
        >
          <AutocompleteArrayInput label={label} optionText={ref.optionText} />
        </ReferenceArrayInput>
      );
    }
    case 'strings':
      return <StringListInput key={key} source={key} label={label} />;
    case 'text':
      return <TextInput key={key} {...common} multiline minRows={3} fullWidth />;
    default:
      return (
        <TextInput
          key={key}
          {...common}
          type={field.format === 'email' ? 'email' : undefined}
          autoFocus={look.autoFocus}
          sx={{ maxWidth: 480 }}
          fullWidth
        />
      );
  }
}

/** Every input a declaration implies, in declaration order (JSON objects need inputs of their own). */
export function derivedInputs(spec: ResourceSpec): ReactElement[] {
  return inputFields(spec).map((key, i) => inputOf(spec, key, { autoFocus: i === 0 }));
}
