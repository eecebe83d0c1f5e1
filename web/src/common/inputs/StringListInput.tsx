import { TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { splitList } from './stringList';

interface Props {
  source: string;
  label: string;
  helperText?: string;
}

const join = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/**
 * A list of strings (nameservers, other names) typed in one box, separated by commas or new lines. The
 * text is kept as typed while the form holds the parsed list.
 */
export const StringListInput = ({ source, label, helperText = 'Separate values with commas' }: Props) => {
  const { field, fieldState } = useInput({ source });
  const [text, setText] = useState(() => join(field.value));
  const typed = useRef(false);

  // follow a value set from outside (a record that loads, a form reset), not our own edits
  useEffect(() => {
    if (!typed.current) setText(join(field.value));
  }, [field.value]);

  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => {
        typed.current = true;
        setText(e.target.value);
        field.onChange(splitList(e.target.value));
      }}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      multiline
      maxRows={4}
    />
  );
};
