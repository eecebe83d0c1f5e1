import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { needsReferenceConfirmation, toTsv, type ExportColumn } from './export/exportRules';
import { fetchReferences, fetchRows } from './export/fetchRows';

export const COPY_MESSAGES = {
  start: 'Getting your data ready...',
  done: 'Items copied to clipboard',
  failed: 'Error: failed retrieving data',
} as const;

/** Copies the list (visible columns, up to 5000 rows) to the clipboard as tab-separated text. */
export const CopyButton = ({ columns }: { columns: readonly ExportColumn[] }) => {
  // the list's permanent filter too (posts without attachments), so the file holds the rows the list shows
  const { resource, sort, filterValues, filter, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const copy = async () => {
    setBusy(true);
    notify(COPY_MESSAGES.start, { type: 'info' });
    try {
      const rows = await fetchRows(dataProvider, {
        resource,
        sort,
        filter: { ...filterValues, ...filter },
      });
      const withRefs = !needsReferenceConfirmation(columns, rows.length);
      const refs = withRefs ? await fetchReferences(dataProvider, columns, rows) : {};
      await navigator.clipboard.writeText(toTsv(columns, rows, refs));
      notify(COPY_MESSAGES.done, { type: 'success' });
    } catch {
      notify(COPY_MESSAGES.failed, { type: 'warning' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={copy} disabled={busy || !total}>
      Copy
    </Button>
  );
};
