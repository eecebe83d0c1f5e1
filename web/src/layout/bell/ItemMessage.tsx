import { Box, Button, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { htmlText } from '../../resources/notifications/html';
import { SafeHtml } from '../../resources/notifications/SafeHtml';
import { previewMessage } from './message';

/** The message: its first 25 words and an ellipsis when longer, the full rich text on expand (SPEC §4). */
export const ItemMessage = ({ html }: { html: string }) => {
  const [expanded, setExpanded] = useState(false);
  const preview = useMemo(() => previewMessage(htmlText(html)), [html]);
  if (!preview.truncated) return <SafeHtml html={html} testId="notification-message" />;
  return (
    <Box>
      {expanded ? (
        <SafeHtml html={html} testId="notification-message" />
      ) : (
        <Typography variant="body2" data-testid="notification-message" sx={{ wordBreak: 'break-word' }}>
          {preview.text}
        </Typography>
      )}
      <Button
        size="small"
        sx={{ px: 0, minWidth: 0 }}
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? 'Show less' : 'Show more'}
      </Button>
    </Box>
  );
};
