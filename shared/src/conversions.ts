import { detectSeparator, splitCsvLine } from './csv.js';
import { isDay } from './seo.js';

/**
 * Affiliate-network conversion reports (issue 17): a CSV with a header row, one or more rows per day
 * (networks often split a day by campaign or brand: rows of the same day add up), and the columns named by a
 * mapping the operator chooses, since every network names them differently.
 */
export const CONVERSION_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export type ConversionDateFormat = (typeof CONVERSION_DATE_FORMATS)[number];
export const CONVERSION_FIGURES = ['clicks', 'signups', 'ftd'] as const;
export type ConversionFigure = (typeof CONVERSION_FIGURES)[number];

export interface ConversionColumns {
  /** The header of the date column. */
  date: string;
  clicks?: string;
  signups?: string;
  ftd?: string;
}

export interface ConversionDayRow {
  date: string;
  clicks: number;
  signups: number;
  ftd: number;
}

export interface ConversionCsvResult {
  days: ConversionDayRow[];
  rows: number;
  /** 1-based line numbers with what is wrong; a file with any is not imported. */
  errors: { line: number; message: string }[];
}

/** The largest count one row may carry (a typo guard). */
export const CONVERSION_MAX_COUNT = 10_000_000;

function toDay(text: string, format: ConversionDateFormat): string | null {
  const t = text.trim().slice(0, 10);
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)
      : /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] =
    format === 'YYYY-MM-DD'
      ? [m[1]!, m[2]!, m[3]!]
      : format === 'MM/DD/YYYY'
        ? [m[3]!, m[1]!, m[2]!]
        : [m[3]!, m[2]!, m[1]!];
  const day = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

export function parseConversionCsv(
  text: string,
  columns: ConversionColumns,
  format: ConversionDateFormat = 'YYYY-MM-DD',
): ConversionCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const errors: ConversionCsvResult['errors'] = [];
  const headerAt = lines.findIndex((l) => l.trim());
  if (headerAt < 0) return { days: [], rows: 0, errors: [{ line: 1, message: 'The file is empty' }] };
  const sep = lines[headerAt]!.includes('\t') ? '\t' : detectSeparator(lines.filter((l) => l.trim()));
  const header = splitCsvLine(lines[headerAt]!, sep).map((h) => h.toLowerCase());
  const index: Partial<Record<'date' | ConversionFigure, number>> = {};
  for (const [key, name] of Object.entries(columns) as [keyof ConversionColumns, string | undefined][]) {
    if (!name) continue;
    const at = header.indexOf(name.trim().toLowerCase());
    if (at < 0) errors.push({ line: headerAt + 1, message: `No column "${name}" in the header` });
    else index[key] = at;
  }
  if (!CONVERSION_FIGURES.some((f) => columns[f]))
    errors.push({ line: headerAt + 1, message: 'Map at least one of clicks, signups and FTD to a column' });
  if (errors.length) return { days: [], rows: 0, errors };
  const days = new Map<string, ConversionDayRow>();
  let rows = 0;
  for (let i = headerAt + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    rows++;
    const cells = splitCsvLine(raw, sep);
    const dateText = cells[index.date!] ?? '';
    const date = toDay(dateText, format);
    if (!date) {
      errors.push({ line: i + 1, message: `"${dateText.slice(0, 40)}" is not a date (${format})` });
      continue;
    }
    const day = days.get(date) ?? { date, clicks: 0, signups: 0, ftd: 0 };
    for (const figure of CONVERSION_FIGURES) {
      const at = index[figure];
      if (at === undefined) continue;
      const cell = (cells[at] ?? '').replace(/[\s,]/g, '');
      const n = cell === '' ? 0 : /^\d+$/.test(cell) ? Number(cell) : NaN;
      if (!Number.isSafeInteger(n) || n > CONVERSION_MAX_COUNT) {
        errors.push({
          line: i + 1,
          message: `${figure}: "${(cells[at] ?? '').slice(0, 40)}" is not a count`,
        });
        continue;
      }
      day[figure] += n;
    }
    days.set(date, day);
  }
  if (!rows) errors.push({ line: headerAt + 2, message: 'No rows under the header' });
  return { days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)), rows, errors };
}
