/** One "key: value" fact; section is the block header it sits under ("registrar" for SIDN's indented block). */
export interface WhoisEntry {
  key: string;
  value: string;
  section: string | null;
}

export interface WhoisDocument {
  entries: WhoisEntry[];
  /** Lines indented under a header that has no value of its own ("Name servers:" then one per line). */
  blocks: Map<string, string[]>;
}

const COMMENT = /^\s*(%|#|>>>|-{2,}\s*$)/;
// "Key: value" where the key is short and the colon does not start a URL ("https://...").
const KEY_VALUE = /^([A-Za-z][^:]{0,79}?)\s*:(?!\/\/)\s*(.*)$/;
// JPRS: "a. [Domain Name]   EXAMPLE.JP", "[State]   Connected (2026/03/31)".
const BRACKETED = /^(?:[a-z]\.\s*)?\[([^\]]{1,40})\]\s*(.*)$/;

const normKey = (key: string) => key.trim().toLowerCase().replace(/\s+/g, ' ');
const indentOf = (line: string) => line.length - line.trimStart().length;

export function keyValue(text: string): { key: string; value: string } | null {
  const match = KEY_VALUE.exec(text.trim());
  return match ? { key: normKey(match[1]!), value: (match[2] ?? '').trim() } : null;
}

/**
 * Splits free-form WHOIS text into facts. Handles the gTLD "Key: Value" layout, headers followed by
 * indented lines (Nominet, SIDN, EURid, DNS Belgium) and JPRS's bracketed labels.
 */
export function parseWhoisText(text: string): WhoisDocument {
  const entries: WhoisEntry[] = [];
  const blocks = new Map<string, string[]>();
  let block: { key: string; indent: number; items: string[] } | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || COMMENT.test(line)) {
      block = null;
      continue;
    }
    const indent = indentOf(line);
    if (block && indent > block.indent) {
      const item = line.trim();
      block.items.push(item);
      const kv = keyValue(item);
      if (kv) entries.push({ ...kv, section: block.key });
      continue;
    }
    block = null;
    const bracketed = BRACKETED.exec(line.trim());
    if (bracketed) {
      entries.push({ key: `[${normKey(bracketed[1]!)}]`, value: (bracketed[2] ?? '').trim(), section: null });
      continue;
    }
    const kv = keyValue(line);
    if (!kv) continue;
    entries.push({ ...kv, section: null });
    if (kv.value === '') {
      block = { key: kv.key, indent, items: [] };
      if (!blocks.has(kv.key)) blocks.set(kv.key, block.items);
    }
  }
  return { entries, blocks };
}

/** Values of entries with any of the keys, skipping empty ones: top-level first, or only within a section. */
export function valuesOf(doc: WhoisDocument, keys: string[], section?: string): string[] {
  const matching = doc.entries.filter(
    (e) => keys.includes(e.key) && e.value !== '' && (section === undefined || e.section === section),
  );
  return [...matching.filter((e) => e.section === null), ...matching.filter((e) => e.section !== null)].map(
    (e) => e.value,
  );
}

export const firstOf = (doc: WhoisDocument, keys: string[], section?: string): string | null =>
  valuesOf(doc, keys, section)[0] ?? null;

/** Indented lines under the first header with one of the keys. */
export function blockOf(doc: WhoisDocument, keys: string[]): string[] {
  for (const key of keys) {
    const items = doc.blocks.get(key);
    if (items?.length) return items;
  }
  return [];
}
