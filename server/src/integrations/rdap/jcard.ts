/** One jCard property (RFC 7095): ["fn", {}, "text", "Example Registrar, Inc."]. */
export interface JCardProperty {
  name: string;
  params: Record<string, unknown>;
  type: string;
  values: unknown[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads an RDAP vcardArray (["vcard", [props...]]); anything malformed yields no properties. */
export function jcardProperties(vcardArray: unknown): JCardProperty[] {
  if (!Array.isArray(vcardArray) || vcardArray[0] !== 'vcard' || !Array.isArray(vcardArray[1])) return [];
  const props: JCardProperty[] = [];
  for (const prop of vcardArray[1] as unknown[]) {
    if (!Array.isArray(prop) || prop.length < 4 || typeof prop[0] !== 'string') continue;
    props.push({
      name: prop[0].toLowerCase(),
      params: isRecord(prop[1]) ? prop[1] : {},
      type: String(prop[2]),
      values: prop.slice(3),
    });
  }
  return props;
}

/** Flattens a (possibly structured) value to text: ["Example Inc.", "Sales"] → "Example Inc.". */
function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    for (const part of value) {
      const text = firstText(part);
      if (text) return text;
    }
  }
  return null;
}

/** The first non-empty text of a property (fn, org, email, url...). */
export function jcardText(props: JCardProperty[], name: string): string | null {
  for (const prop of props) {
    if (prop.name !== name) continue;
    const text = firstText(prop.values[0]);
    if (text) return name === 'email' ? text.replace(/^mailto:/i, '') : text;
  }
  return null;
}

/** Country from an adr property: the RFC 8605 "cc" parameter, else the country-name component. */
export function jcardCountry(props: JCardProperty[]): string | null {
  for (const prop of props) {
    if (prop.name !== 'adr') continue;
    const cc = prop.params.cc;
    if (typeof cc === 'string' && cc.trim()) return cc.trim().toUpperCase();
    const adr = prop.values[0];
    const country = Array.isArray(adr) ? firstText(adr[6]) : null;
    if (country) return country;
  }
  return null;
}
