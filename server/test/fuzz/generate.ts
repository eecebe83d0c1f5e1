import { NASTY_TEXT } from './payloads.js';
import type { Prng } from './prng.js';

/** The part of an OpenAPI 3.0 schema object the generator reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
  uniqueItems?: boolean;
}

/** Where generated ids point: a small pool, so valid requests hit real rows; some ids are off limits. */
export interface IdSource {
  id(): number;
}

const ID = '^[1-9][0-9]{0,15}$';
const IDS = '^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15}){0,4999}$';
const WORDS = ['alpha', 'beta', 'fleet', 'site', 'node', 'zeta', 'Ωmega', 'café', 'naïve', '東京'];

function hex(rng: Prng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[rng.int(0, 15)];
  return s;
}

function typeOf(s: Schema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

/** Text that satisfies the schema's pattern, format and length, sometimes with metacharacters in it. */
export function validString(s: Schema, rng: Prng, ids: IdSource): string {
  if (s.pattern === ID) return String(ids.id());
  if (s.pattern === IDS) return [ids.id(), ids.id()].join(',');
  if (s.pattern === '^[0-9a-f]{24}$') return hex(rng, 24);
  if (s.pattern?.startsWith('^[0-9a-f]{32}')) return `${hex(rng, 32)}.png`;
  const n = rng.int(1, 99999);
  switch (s.format) {
    case 'email':
      return `fuzz${n}@example.com`;
    case 'web-url':
    case 'uri':
    case 'link':
      return `https://site${n}.example.com/${rng.pick(WORDS)}`;
    case 'ip':
      return `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    case 'hostname':
      return `host${n}.example.com`;
  }
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, 40);
  let text = rng.chance(0.3) ? rng.pick(NASTY_TEXT) : `${rng.pick(WORDS)} ${n}`;
  if (rng.chance(0.2)) text = `${rng.pick(WORDS)}${rng.pick(NASTY_TEXT)}`;
  while (text.length < min) text += 'x';
  return text.slice(0, Math.max(max, min));
}

function validNumber(s: Schema, rng: Prng, integer: boolean): number {
  const lo = s.minimum ?? (integer ? 0 : -1000);
  const hi = Math.min(s.maximum ?? 1000, lo + 1000);
  const v = lo + rng.next() * (hi - lo);
  return integer ? Math.round(v) : Math.round(v * 100) / 100;
}

/** A value the schema accepts (as far as a schema can say: references may point nowhere). */
export function validValue(s: Schema, rng: Prng, ids: IdSource, depth = 0): unknown {
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return validValue(rng.pick(branches), rng, ids, depth);
  if (s.enum?.length) return rng.pick(s.enum);
  if (s.nullable && rng.chance(0.1)) return null;
  switch (typeOf(s)) {
    case 'string':
      return validString(s, rng, ids);
    case 'integer':
      return s.minimum === 1 && (s.maximum ?? 0) > 1e9 ? ids.id() : validNumber(s, rng, true);
    case 'number':
      return validNumber(s, rng, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const count = Math.max(s.minItems ?? 0, rng.int(0, 3));
      const items = Array.from({ length: count }, () => validValue(s.items ?? {}, rng, ids, depth + 1));
      return s.uniqueItems
        ? [...new Set(items.map((i) => JSON.stringify(i)))].map((i) => JSON.parse(i) as unknown)
        : items;
    }
    case 'object':
      return validObject(s, rng, ids, depth);
    default:
      return undefined;
  }
}

function validObject(s: Schema, rng: Prng, ids: IdSource, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    // Untyped properties are the echoed read-only and meta fields: sent back at times, ignored.
    const untyped = !prop.type && !prop.enum && !prop.anyOf && !prop.oneOf;
    if (name === 'version') {
      out.version = 1;
      continue;
    }
    if (!required.has(name) && (untyped || rng.chance(0.4))) continue;
    const v = validValue(prop, rng, ids, depth + 1);
    if (v !== undefined) out[name] = v;
  }
  if (!s.properties && s.additionalProperties !== false && depth < 3 && rng.chance(0.5)) {
    out[rng.pick(WORDS)] = rng.pick([1, 'x', true, null]);
  }
  return out;
}
