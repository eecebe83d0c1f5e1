import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { errorMessage } from '../../../providers/http';
import { csvBlob, downloadBlob } from './download';
import {
  exportFileName,
  needsReferenceConfirmation,
  toCsv,
  toMatrix,
  type ExportColumn,
} from './exportRules';
import { fetchReferences, fetchRows } from './fetchRows';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Export of the current list (its filter and sort, up to 5000 rows) with the visible columns. With
 * reference columns and more than 100 rows the user must accept an export without names first.
 */
export function useListExport(columns: readonly ExportColumn[]) {
  // the list's permanent filter too (posts without attachments), so the file holds the rows the list shows
  const { resource, sort, filterValues, filter, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat, withReferences: boolean) => {
    setBusy(true);
    try {
      const rows = await fetchRows(dataProvider, {
        resource,
        sort,
        filter: { ...filterValues, ...filter },
      });
      const refs = withReferences ? await fetchReferences(dataProvider, columns, rows) : {};
      if (format === 'csv') {
        downloadBlob(csvBlob(toCsv(columns, rows, refs)), exportFileName(resource, 'csv'));
      } else {
        const { toXlsxBlob } = await import('./xlsx');
        const blob = await toXlsxBlob(
          columns.map((c) => c.label),
          toMatrix(columns, rows, refs),
        );
        downloadBlob(blob, exportFileName(resource, 'xlsx'));
      }
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const start = (format: ExportFormat) => {
    if (needsReferenceConfirmation(columns, total ?? 0)) setPending(format);
    else
      void run(
        format,
        columns.some((c) => c.reference),
      );
  };

  return {
    busy,
    start,
    confirmOpen: pending !== null,
    confirm: () => {
      const format = pending;
      setPending(null);
      if (format) void run(format, false);
    },
    cancel: () => setPending(null),
  };
}
