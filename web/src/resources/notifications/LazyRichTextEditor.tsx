import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/** The rich-text editor, loaded with its first use. */
export const LazyRichTextEditor = (props: RichTextEditorProps) => (
  <Suspense fallback={<Skeleton variant="rounded" height={140} sx={{ width: '100%' }} />}>
    <Editor {...props} />
  </Suspense>
);
