/** Parsing of the bulk domain import file (SPEC §5): comma or semicolon, columns Name and Notes, optional header. */

export interface ImportRow {
  /** 1-based line number in the file. */
  line: number;
  name: string;
  notes: string;
  /** Set when the row fails client-side validation ('Required'). */
  error: string | null;
}

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

export function parseDomainCsv(text: string): ImportRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const sep = detectSeparator(lines.filter((l) => l.trim()));
  const rows: ImportRow[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const [name = '', notes = ''] = splitCsvLine(raw, sep);
    const isHeader = rows.length === 0 && /^name$/i.test(name) && (notes === '' || /^notes?$/i.test(notes));
    if (isHeader) return;
    rows.push({ line: i + 1, name, notes, error: name ? null : 'Required' });
  });
  return rows;
}
