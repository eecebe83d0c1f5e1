import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { safeHtml } from './html';

const richText: SxProps<Theme> = {
  typography: 'body2',
  wordBreak: 'break-word',
  '& p': { my: 0.5 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& pre': { whiteSpace: 'pre-wrap' },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { border: 1, borderColor: 'divider', px: 0.5 },
};

/** Rich text from the server, sanitised once more in the browser before it is put in the page. */
export const SafeHtml = ({ html, testId }: { html: string | null | undefined; testId?: string }) => {
  const clean = useMemo(() => safeHtml(html), [html]);
  return <Box sx={richText} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
};
