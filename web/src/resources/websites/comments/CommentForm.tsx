import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, required } from 'react-admin';
import { LazyRichTextEditor } from '../../notifications/LazyRichTextEditor';

interface Props {
  submitLabel: string;
  label?: string;
  defaultValue?: string;
  /** Resolves to whether the comment was saved; the box empties when it was. */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
}

/** A rich-text box for a new comment, a reply or an edit. */
export const CommentForm = ({ submitLabel, label, defaultValue = '', onSubmit, onCancel }: Props) => {
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    const saved = await onSubmit(typeof values.content === 'string' ? values.content : '');
    setBusy(false);
    if (saved) setRound((r) => r + 1);
  };
  return (
    <Form key={round} defaultValues={{ content: defaultValue }} onSubmit={submit}>
      <LazyRichTextEditor source="content" label={label ?? false} validate={required()} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="submit" variant="contained" size="small" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
};
