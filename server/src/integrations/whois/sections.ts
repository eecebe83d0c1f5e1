/**
 * One "key: value" fact. section is the header it sits under ("registrar" for SIDN's indented block, "nameservers"
 * for DK Hostmaster's header line); paragraph counts the blank-line separated runs of lines.
 */
export interface WhoisEntry {
  key: string;
  value: string;
  section: string | null;
  paragraph: number;
}

export interface WhoisDocument {
  entries: WhoisEntry[];
  /** Lines under a header that has no value of its own ("Name servers:" then one per line). */
  blocks: Map<string, string[]>;
  /** Paragraphs describing a contact (RPSL "nic-hdl:"/"address:" objects) rather than the domain. */
  contactParagraphs: Set<number>;
}

interface Header {
  key: string;
  indent: number;
  items: string[];
  /** First line of its paragraph: the whole paragraph belongs to it, not only the lines indented under it. */
  leading: boolean;
}

const COMMENT = /^\s*(%|#|>>>|-{2,}\s*$)/;
// "Key: value", "key.......: value", "Key   : value", where the colon does not start a URL ("https://...").
const KEY_VALUE = /^([A-Za-z][^:]{0,79}?)\s*:(?!\/\/)\s*(.*)$/;
// "Key<TAB>value" without a colon.
const TAB_VALUE = /^([A-Za-z][A-Za-z .()/'-]{0,40}?)\t+\s*([^\s:].*)$/;
// JPRS: "a. [Domain Name]   EXAMPLE.JP"; NIC.LV: "[Holder]" heading a block.
const BRACKETED = /^(?:[a-z]\.\s*)?\[([^\]]{1,40})\]\s*(.*)$/;
// A heading on its own line without a colon: "Nameservers" (.dk), "Registrant" (.it), "Primary Name Server" (.kr).
const BARE_HEADER = /^[A-Za-z][A-Za-z /&'()-]{1,48}$/;
// Facts written as a sentence: "Record expires on 2026-06-15" (.tw), "Registered on 01st January 2000" (.gg).
const PHRASES = [
  'record will expire on',
  'record expires on',
  'record created on',
  'record last updated on',
  'registered on',
];
const HOST_LIKE = /[A-Za-z0-9-]\.[A-Za-z0-9]/;
const CONTACT_KEYS = [
  'nic-hdl',
  'nic-hdl-br',
  'person',
  'personname',
  'contact',
  'address',
  'street address',
  'e-mail',
  'phone',
  'fax-no',
  'city',
  'postal code',
];
// A paragraph with any of these describes the domain even when it also carries a phone number (.il).
const DOMAIN_KEYS = ['domain', 'domain name', 'domainname', 'nserver', 'nameserver', 'name server'];

const normKey = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/[.\s]+$/, '')
    .replace(/\s+/g, ' ');
const indentOf = (line: string) => line.length - line.trimStart().length;

export function keyValue(text: string): { key: string; value: string } | null {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  const sentence = PHRASES.find((p) => lower.startsWith(`${p} `));
  if (sentence) return { key: sentence, value: trimmed.slice(sentence.length).trim() };
  const match = TAB_VALUE.exec(trimmed) ?? KEY_VALUE.exec(trimmed);
  // "ns2.example.net   2001:db8::1" is a host and its address, not a key.
  if (!match || HOST_LIKE.test(match[1]!)) return null;
  return { key: normKey(match[1]!), value: (match[2] ?? '').trim() };
}

const isBlank = (line: string | undefined) => line === undefined || !line.trim() || COMMENT.test(line);

/**
 * Splits free-form WHOIS text into facts. Reads "Key: Value" (gTLD), dotted keys (.fi, .kz, .tr), tab-separated
 * values, headers followed by indented lines (Nominet, SIDN, EURid, DNS Belgium, .it), headers on their own line
 * heading a paragraph (.dk, .ch, .ee, .lv, .hk), continuation lines (.pl name servers) and JPRS's bracketed labels.
 */
export function parseWhoisText(text: string): WhoisDocument {
  const lines = text.split(/\r?\n/).map((line) => line.replace(/^(\s*)\*\*\s?/, '$1')); // TRABIS "** Registrar:"
  const entries: WhoisEntry[] = [];
  const blocks = new Map<string, string[]>();
  const paragraphKeys: Array<Set<string>> = [new Set()];
  let paragraph = 0;
  let lineInPara = 0;
  let paraSection: string | null = null;
  let header: Header | null = null;
  let pending: Header | null = null;
  let last: { key: string; indent: number; section: string | null } | null = null;

  const add = (key: string, value: string, section: string | null) => {
    entries.push({ key, value, section, paragraph });
    paragraphKeys[paragraph]!.add(key);
  };
  const open = (key: string, indent: number, leading: boolean): Header => {
    const items = blocks.get(key) ?? [];
    blocks.set(key, items);
    if (leading) paraSection = key;
    last = null;
    return { key, indent, items, leading };
  };
  const opensBlock = (i: number, indent: number) =>
    lineInPara === 1 || (!isBlank(lines[i + 1]) && indentOf(lines[i + 1]!) > indent);

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (isBlank(raw)) {
      if (lineInPara > 0) {
        // A header alone in its paragraph (.hk, .fi) heads the next paragraph instead.
        const alone: Header | null = header;
        pending = lineInPara === 1 && alone?.leading && alone.items.length === 0 ? alone : null;
        paragraph += 1;
        paragraphKeys.push(new Set());
        lineInPara = 0;
        paraSection = null;
        header = null;
        last = null;
      }
      continue;
    }
    lineInPara += 1;
    const text = raw.trim();
    const indent = indentOf(raw);
    const kv = keyValue(text);
    const bracket = kv ? null : BRACKETED.exec(text);
    const bare = !kv && !bracket && BARE_HEADER.test(text) && opensBlock(i, indent);

    if (lineInPara === 1 && pending) {
      const opensOwn = kv?.value === '' || bracket?.[2] === '' || bare;
      const heading: Header = pending;
      if (!opensOwn) {
        header = { ...heading, indent: -1 };
        paraSection = heading.key;
      }
      pending = null;
    }

    const continues = !kv && !bracket && last !== null && indent > last.indent;
    if (header && indent > header.indent && !(continues && last?.section === header.key)) {
      header.items.push(text);
      const fact = kv ?? (bracket ? { key: `[${normKey(bracket[1]!)}]`, value: bracket[2]!.trim() } : null);
      if (fact) add(fact.key, fact.value, header.key);
      if (kv?.value) last = { key: kv.key, indent, section: header.key };
      continue;
    }
    if (continues && last) {
      add(last.key, text, last.section); // a value continued on the next, deeper line
      continue;
    }
    // A key without a value in mid-paragraph ("Reseller:") only collects the lines indented under it.
    if (header && !header.leading && (kv || bracket)) header = null;

    if (kv) {
      if (kv.value === '') header = open(kv.key, indent, lineInPara === 1);
      else {
        add(kv.key, kv.value, paraSection);
        last = { key: kv.key, indent, section: paraSection };
      }
      continue;
    }
    if (bracket) {
      const key = normKey(bracket[1]!);
      const value = bracket[2]!.trim();
      if (value === '' && opensBlock(i, indent)) header = open(key, indent, lineInPara === 1);
      else add(`[${key}]`, value, paraSection);
      continue;
    }
    if (bare) header = open(normKey(text), indent, lineInPara === 1);
    else header?.items.push(text);
  }

  const contactParagraphs = new Set<number>();
  paragraphKeys.forEach((keys, p) => {
    const has = (list: string[]) => list.some((k) => keys.has(k));
    if (!has(DOMAIN_KEYS) && has(CONTACT_KEYS)) contactParagraphs.add(p);
  });
  return { entries, blocks, contactParagraphs };
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
