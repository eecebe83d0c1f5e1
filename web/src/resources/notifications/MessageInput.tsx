import { Alert, Box, Typography } from '@mui/material';
import { required, useRecordContext } from 'react-admin';
import { editorCannotEdit } from './html';
import { LazyRichTextEditor } from './LazyRichTextEditor';
import { SafeHtml } from './SafeHtml';

export const EDITOR_UNSUPPORTED = "The editor doesn't support this content";

/**
 * The message in the rich-text editor with image upload; a message the editor cannot represent (a
 * figure, SPEC §5) is shown read-only and kept as it is.
 */
export const MessageInput = () => {
  const record = useRecordContext();
  if (editorCannotEdit(record?.message))
    return (
      <Box sx={{ width: '100%' }} data-testid="message-read-only">
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Message
        </Typography>
        <Alert severity="info" sx={{ my: 1 }}>
          {EDITOR_UNSUPPORTED}
        </Alert>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
          <SafeHtml html={String(record?.message)} />
        </Box>
      </Box>
    );
  return <LazyRichTextEditor source="message" label="Message" images validate={required()} />;
};
