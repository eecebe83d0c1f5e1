/** CSV reading shared by the console and the server: bulk imports, conversion uploads. */

/** Splits one CSV line on the given separator, honouring double quotes ("" inside quotes is a quote). */
export function splitCsvLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/** Picks the separator: the one of ',' and ';' that appears most outside quotes in the first lines. */
export function detectSeparator(lines: string[]): ',' | ';' {
  let commas = 0;
  let semis = 0;
  for (const l of lines.slice(0, 20)) {
    const bare = l.replace(/"[^"]*"/g, '');
    commas += (bare.match(/,/g) ?? []).length;
    semis += (bare.match(/;/g) ?? []).length;
  }
  return semis > commas ? ';' : ',';
}

/** One record of a CSV file: its 1-based line number (where it starts) and its cells, trimmed. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The separator of a file: tab, semicolon or comma, whichever appears most outside quotes in the first lines. */
export function csvSeparator(text: string): ',' | ';' | '\t' {
  const lines = text.split(/\r\n|\n|\r/, 40).filter((l) => l.trim());
  const tabs = lines.reduce((n, l) => n + (l.replace(/"[^"]*"/g, '').match(/\t/g) ?? []).length, 0);
  const sep = detectSeparator(lines);
  const others = lines.reduce((n, l) => n + (l.replace(/"[^"]*"/g, '').split(sep).length - 1), 0);
  return tabs > others ? '\t' : sep;
}

/**
 * Reads a CSV file (comma, semicolon or tab; a BOM, CRLF or LF; quoted cells holding separators, quotes as
 * "" and line breaks). Blank records are left out; each keeps the line it starts on.
 */
export function parseCsv(text: string): CsvRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const sep = csvSeparator(body);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell.trim());
    if (cells.some((c) => c !== '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && body[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/** One CSV cell: quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string, sep = ','): string {
  return value.includes(sep) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
