import type { CommandArgument } from '@sitefleet/shared';
import type { ReactElement } from 'react';
import {
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { choicesOf } from '../../common/format/choices';

interface InputProps {
  source: string;
  label: string;
  helperText?: string;
  validate: Validator[];
  arg: CommandArgument;
}

/** One input per kind of argument. */
const INPUTS: Record<CommandArgument['kind'], (p: InputProps) => ReactElement> = {
  string: ({ arg: _, ...p }) => <TextInput {...p} fullWidth />,
  text: ({ arg: _, ...p }) => (
    <TextInput {...p} fullWidth multiline minRows={3} slotProps={{ htmlInput: { spellCheck: false } }} />
  ),
  integer: ({ arg: _, ...p }) => <NumberInput {...p} step={1} />,
  boolean: ({ arg: _, validate: __, ...p }) => <BooleanInput {...p} />,
  enum: ({ arg, ...p }) => <SelectInput {...p} choices={choicesOf(arg.values ?? [])} />,
};

function validators(arg: CommandArgument): Validator[] {
  return [
    ...(arg.required ? [required()] : []),
    ...(arg.min !== undefined ? [minValue(arg.min)] : []),
    ...(arg.max !== undefined ? [maxValue(arg.max)] : []),
    ...(arg.maxLength !== undefined ? [maxLength(arg.maxLength)] : []),
  ];
}

/** An argument of a command as an input named `arguments.<name>`, the key of the server's field errors. */
export const ArgumentInput = ({ arg }: { arg: CommandArgument }) => {
  const Input = INPUTS[arg.kind] ?? INPUTS.string;
  return (
    <Input
      source={`arguments.${arg.name}`}
      label={arg.label}
      helperText={arg.help}
      validate={validators(arg)}
      arg={arg}
    />
  );
};
