import { Autocomplete, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { addRecipients, type RecipientKind } from './recipients';

interface Props {
  source: string;
  label: string;
  kind: RecipientKind;
  /** Module-level, so the form does not see a new rule at every render. */
  validate: Validator;
  helperText: string;
  placeholder?: string;
}

/**
 * A list of alert recipients as chips: Enter, a separator, pasting a list or leaving the box adds what
 * was typed. Valid items are stored cleaned; an invalid one stays, in red, with the reason under the box.
 */
export const RecipientsInput = ({ source, label, kind, validate, helperText, placeholder }: Props) => {
  const { field, fieldState, formState } = useInput({ source, validate });
  // like react-admin's inputs: a rule's message once the box was left or the form sent
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  const items: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [text, setText] = useState('');

  const add = (typed: string[]) => {
    const next = addRecipients(items, typed, kind);
    if (next.length !== items.length) field.onChange(next);
  };
  const type = (value: string) => {
    const parts = value.split(kind.separators);
    if (parts.length > 1) add(parts.slice(0, -1));
    setText(parts.at(-1) ?? '');
  };

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={items}
      inputValue={text}
      onInputChange={(_, value, reason) => (reason === 'input' ? type(value) : setText(''))}
      onChange={(_, value, reason) => {
        if (reason === 'createOption') add(value.slice(items.length));
        else field.onChange(value);
        setText('');
      }}
      onBlur={() => {
        if (text.trim()) add(text.split(kind.separators));
        setText('');
        field.onBlur();
      }}
      renderValue={(value, getItemProps) =>
        value.map((item, index) => {
          const { key, ...props } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={item}
              color={kind.normalise(item) === null ? 'error' : 'default'}
              {...props}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={field.name}
          inputRef={field.ref}
          placeholder={items.length ? undefined : placeholder}
          error={Boolean(error)}
          helperText={<InputHelperText error={error} helperText={helperText} />}
          onPaste={(e) => {
            // a pasted column of addresses would lose its line breaks in a one-line box
            const pasted = e.clipboardData.getData('text');
            if (!kind.separators.test(pasted.trim())) return;
            e.preventDefault();
            add(`${text}${pasted}`.split(kind.separators));
            setText('');
          }}
        />
      )}
    />
  );
};
