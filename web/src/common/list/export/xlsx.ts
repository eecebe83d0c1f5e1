/** Loaded on demand (dynamic import) so the spreadsheet writer stays out of the initial bundle. */
import writeXlsxFile from 'write-excel-file/universal';
import type { Cell } from './exportRules';

export async function toXlsxBlob(labels: readonly string[], matrix: readonly Cell[][]): Promise<Blob> {
  const header = labels.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = matrix.map((row) => row.map((value) => (value === null ? null : { value })));
  return writeXlsxFile([header, ...rows], { sheet: 'Export' }).toBlob();
}
