import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Avatar, Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { formatTime } from '../../../common/format/dates';
import type { ConversationComment } from '../../../providers/messaging';
import { SafeHtml } from '../../notifications/SafeHtml';
import { CommentForm } from './CommentForm';

/** SPEC §8. */
export const CANNOT_DELETE = "Comments can't be deleted";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

interface Props {
  comment: ConversationComment;
  /** Written by the signed-in user: only they may edit it. */
  mine: boolean;
  onEdit: (commentUid: string, content: string) => Promise<boolean>;
}

/** One comment: author, time, 'edited' with its time, and the author's Edit; never deleted. */
export const CommentItem = ({ comment, mine, onEdit }: Props) => {
  const [editing, setEditing] = useState(false);
  const save = async (content: string) => {
    const saved = await onEdit(comment.uid, content);
    if (saved) setEditing(false);
    return saved;
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="comment" data-mine={mine}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Avatar sx={{ width: 28, height: 28, fontSize: 13 }}>{initials(comment.authorName)}</Avatar>
        <Typography variant="subtitle2" data-testid="comment-author">
          {comment.authorName}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="comment-time">
          {formatTime(comment.createdAt)}
        </Typography>
        {comment.modifiedAt && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="comment-edited">
            · edited {formatTime(comment.modifiedAt)}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {mine && !editing && (
          <IconButton size="small" aria-label="Edit comment" onClick={() => setEditing(true)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        )}
        <Tooltip title={CANNOT_DELETE}>
          <span data-testid="comment-delete">
            <IconButton size="small" aria-label="Delete comment" disabled>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {editing ? (
        <CommentForm
          submitLabel="Save"
          defaultValue={comment.content}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <SafeHtml html={comment.content} testId="comment-content" />
      )}
    </Paper>
  );
};
