import { LinearProgress, Stack, Typography } from '@mui/material';
import { useGetIdentity, useRecordContext } from 'react-admin';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { useConversation } from './useConversation';

/** The website's comments, oldest first, and a box to add one (SPEC §7.8). */
export const CommentsPanel = (_: { label: false }) => {
  const websiteId = useRecordContext()?.id;
  const { identity } = useGetIdentity();
  const { conversation, isPending, add, edit } = useConversation(websiteId, identity);
  const comments = conversation?.comments ?? [];
  return (
    <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 900, pt: 1 }} data-testid="comments-panel">
      {isPending ? (
        <LinearProgress />
      ) : comments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No comments yet.
        </Typography>
      ) : (
        comments.map((comment) => (
          <CommentItem
            key={comment.uid}
            comment={comment}
            mine={identity !== undefined && String(identity.id) === String(comment.author)}
            onEdit={edit}
          />
        ))
      )}
      {!isPending && (
        <CommentForm
          label={conversation ? 'Reply' : 'Write a comment'}
          submitLabel={conversation ? 'Reply' : 'Comment'}
          onSubmit={add}
        />
      )}
    </Stack>
  );
};
