import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useGetOne, useRecordContext } from 'react-admin';
import { NAText } from '../../common/fields/NA';
import { SafeHtml } from '../notifications/SafeHtml';

/**
 * A post's content under its row. It is HTML from the WordPress site, so never trusted: it is shown only
 * after the console's sanitiser (the rich-text allowlist: no script, frame, form, style or handler).
 * A list that leaves the content out has it read with the record.
 */
export const PostContent = (_: { label?: string; wide?: boolean }) => {
  const record = useRecordContext();
  const listed = typeof record?.content === 'string' ? record.content : undefined;
  const { data, isPending } = useGetOne(
    resources.posts.path,
    { id: record?.id ?? 0 },
    { enabled: record !== undefined && listed === undefined && record.content !== null },
  );
  if (!record) return null;
  const content = listed ?? (typeof data?.content === 'string' ? data.content : null);
  if (content === null && listed === undefined && record.content !== null && isPending)
    return <Typography variant="body2">Loading…</Typography>;
  return (
    <Box sx={{ px: 2, py: 1, maxHeight: 480, overflowY: 'auto' }} data-testid="post-content">
      {content ? <SafeHtml html={content} /> : <NAText />}
    </Box>
  );
};
