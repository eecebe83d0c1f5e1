import { type IdSource, type Schema, validValue } from './generate.js';
import type { Operation } from './operations.js';
import { BAD_FILTERS, EDGE_NUMBERS, HOSTILE_TEXT, NASTY_TEXT, RAW_ENCODED, RAW_NUMBERS } from './payloads.js';
import type { Prng } from './prng.js';

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the request: `valid`, or the mutation's name. */
  mutation: string;
}

/** A query or path value: text to percent-encode, or a raw already-encoded (possibly broken) form. */
type Value = { text: string } | { raw: string };

interface Draft {
  path: Record<string, Value>;
  query: Record<string, Value>;
  /** undefined: no body; a string: the exact body text. */
  body: unknown;
  bodyText?: string | Buffer;
  contentType?: string;
}

const JSON_TYPE = 'application/json';

function encode(v: Value): string {
  return 'raw' in v ? v.raw : encodeURIComponent(v.text);
}

function build(op: Operation, d: Draft, mutation: string): FuzzRequest {
  const url =
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (d.path[name] ? encode(d.path[name]) : '1')) +
    (Object.keys(d.query).length
      ? `?${Object.entries(d.query)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
          .join('&')}`
      : '');
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined = d.bodyText;
  if (payload === undefined && d.body !== undefined) payload = JSON.stringify(d.body);
  if (payload !== undefined) headers['content-type'] = d.contentType ?? JSON_TYPE;
  return { method: op.method, url, headers, ...(payload !== undefined ? { payload } : {}), mutation };
}

function asText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function validFilter(op: Operation, rng: Prng, ids: IdSource): string {
  const fields = Object.entries(op.record?.properties ?? {});
  if (!fields.length || rng.chance(0.3)) return JSON.stringify({ q: rng.pick(NASTY_TEXT) });
  const [name, schema] = rng.pick(fields);
  const value = validValue(schema, rng, ids);
  if (rng.chance(0.3) && typeof value === 'number')
    return JSON.stringify({ [name]: { min: value, max: value + 10 } });
  if (rng.chance(0.3)) return JSON.stringify({ [name]: [value, validValue(schema, rng, ids)] });
  return JSON.stringify({ [name]: value });
}

/** A request every schema of the operation accepts. */
function validDraft(op: Operation, rng: Prng, ids: IdSource): Draft {
  const d: Draft = { path: {}, query: {}, body: undefined };
  for (const p of op.params) {
    if (p.in === 'path') d.path[p.name] = { text: asText(validValue(p.schema, rng, ids)) };
  }
  if (op.record) {
    const fields = Object.keys(op.record.properties ?? {});
    if (rng.chance(0.5)) d.query.sortBy = { text: rng.pick(['id', ...fields]) };
    if (rng.chance(0.5)) d.query.sortOrder = { text: rng.pick(['ASC', 'DESC', 'asc']) };
    if (rng.chance(0.5)) d.query.page = { text: String(rng.int(1, 3)) };
    if (rng.chance(0.5)) d.query.perPage = { text: String(rng.pick([1, 10, 25, 100])) };
    if (rng.chance(0.7)) d.query.filter = { text: validFilter(op, rng, ids) };
    if (rng.chance(0.2)) d.query.exact = { text: rng.pick(['true', 'false']) };
  } else {
    for (const p of op.params) {
      if (p.in === 'query' && (p.required || rng.chance(0.5))) {
        d.query[p.name] = { text: asText(validValue(p.schema, rng, ids)) };
      }
    }
  }
  if (op.body) d.body = validValue(op.body, rng, ids) ?? {};
  return d;
}

function nest(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

function hostileValue(rng: Prng): unknown {
  return rng.pick<() => unknown>([
    () => rng.pick(HOSTILE_TEXT),
    () => rng.pick(NASTY_TEXT),
    () => rng.pick(EDGE_NUMBERS),
    () => 'x'.repeat(rng.pick([256, 5000, 150_000])),
    () => nest(rng.int(30, 200), 'deep'),
    () => Array.from({ length: rng.pick([1001, 20_000]) }, (_, i) => i),
    () => rng.pick([null, true, [], {}, [null], { $gt: 1 }]),
  ])();
}

function queryValue(rng: Prng): Value {
  if (rng.chance(0.35)) return { raw: rng.pick(RAW_ENCODED) };
  const v = hostileValue(rng);
  if (typeof v === 'string' && /[\ud800-\udfff]/.test(v)) return { raw: '%ED%A0%80' };
  return { text: asText(v) };
}

function bodyProperty(op: Operation, rng: Prng): [string, Schema] {
  const props = Object.entries(op.body?.properties ?? {});
  return props.length ? rng.pick(props) : ['field', {}];
}

/** Replaces a JSON value's text with a raw number JavaScript would not write (1e400, 30 digits). */
function withRawNumber(body: unknown, name: string, rng: Prng): string {
  const marker = '"__fuzz_raw_number__"';
  const obj = { ...(body && typeof body === 'object' ? body : {}), [name]: '__fuzz_raw_number__' };
  return JSON.stringify(obj).replace(marker, rng.pick(RAW_NUMBERS));
}

/** A cursor shaped as the server writes them (base64url JSON) but holding what no list of ours would. */
function forgedCursor(op: Operation, rng: Prng): string {
  const fields = Object.keys(op.record?.properties ?? {});
  const value = rng.chance(0.5) ? hostileValue(rng) : rng.pick([null, 1e308, -1, '', 'x', true, 2 ** 53]);
  const id = rng.pick<unknown>([1, 0, -5, 1.5, 2 ** 60, '7', null]);
  const order = rng.pick(['ASC', 'DESC', 'asc', 'x']);
  const shape = rng.pick<unknown>([[value, id, rng.pick(['id', ...fields]), order], [value], value, {}]);
  return Buffer.from(JSON.stringify(shape) ?? 'null').toString('base64url');
}

type Mutation = (op: Operation, d: Draft, rng: Prng) => void;

/** Ways to break one request; each names the part it breaks. */
const MUTATIONS: Record<string, Mutation> = {
  'path-value': (op, d, rng) => {
    const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
    const name = names.length ? rng.pick(names) : null;
    if (name) d.path[name] = queryValue(rng);
    else d.query[rng.pick(['id', 'x'])] = queryValue(rng);
  },
  'query-value': (op, d, rng) => {
    const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
    d.query[names.length && rng.chance(0.8) ? rng.pick(names) : rng.pick(['x', 'q', '__proto__'])] =
      queryValue(rng);
  },
  'bad-filter': (_op, d, rng) => {
    d.query.filter = rng.chance(0.2) ? { raw: rng.pick(RAW_ENCODED) } : { text: rng.pick(BAD_FILTERS) };
  },
  'hostile-filter': (op, d, rng) => {
    const fields = Object.keys(op.record?.properties ?? {});
    const key = fields.length && rng.chance(0.7) ? rng.pick(fields) : 'q';
    const value = hostileValue(rng);
    d.query.filter = { text: JSON.stringify(rng.chance(0.3) ? { [key]: { min: value } } : { [key]: value }) };
  },
  'cursor-filter': (op, d, rng) => {
    d.query[rng.pick(['after', 'before'])] = rng.chance(0.7)
      ? { text: forgedCursor(op, rng) }
      : queryValue(rng);
  },
  'body-wrong-type': (op, d, rng) => {
    const [name, schema] = bodyProperty(op, rng);
    const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    const wrong = t === 'string' ? rng.pick([1, true, [], {}]) : rng.pick(['text', '1', [1], { a: 1 }, true]);
    d.body = { ...(d.body && typeof d.body === 'object' ? d.body : {}), [name]: wrong };
  },
  'body-hostile': (op, d, rng) => {
    const [name] = bodyProperty(op, rng);
    d.body = { ...(d.body && typeof d.body === 'object' ? d.body : {}), [name]: hostileValue(rng) };
  },
  'body-raw-number': (op, d, rng) => {
    d.bodyText = withRawNumber(d.body, bodyProperty(op, rng)[0], rng);
  },
  'body-deep': (_op, d, rng) => {
    const depth = rng.pick([33, 100, 5000]);
    d.bodyText = `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
  },
  'body-shape': (op, d, rng) => {
    d.bodyText = rng.pick(['', '{', '[]', 'null', '"x"', '1', '{"a":1,}', '{"__proto__":{"isAdmin":true}}']);
    if (rng.chance(0.3) && op.body?.required?.length) {
      const missing = rng.pick(op.body.required);
      const body = Object.entries(d.body && typeof d.body === 'object' ? d.body : {}).filter(
        ([k]) => k !== missing,
      );
      d.bodyText = JSON.stringify(Object.fromEntries(body));
    }
  },
  'body-bytes': (_op, d, rng) => {
    const bad = rng.pick([[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]);
    d.bodyText = Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bad), Buffer.from('"}')]);
  },
  'body-form': (op, d, rng) => {
    const [name] = bodyProperty(op, rng);
    d.contentType = 'application/x-www-form-urlencoded';
    d.bodyText = `${encodeURIComponent(name)}=${encode(queryValue(rng))}`;
  },
  'content-type': (_op, d, rng) => {
    d.contentType = rng.pick([
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'a/b; charset=x',
    ]);
    d.bodyText = rng.pick(['{"name":"x"}', '--x\r\n\r\n--x--', '\u0000']);
  },
};

/** A malformed request: a valid one with one part broken, or a whole one made of junk. */
export function malformedRequest(op: Operation, rng: Prng, ids: IdSource): FuzzRequest {
  const d = validDraft(op, rng, ids);
  let names = Object.keys(MUTATIONS);
  if (!op.record) names = names.filter((n) => !n.endsWith('filter'));
  if (!op.body) names = names.filter((n) => !n.startsWith('body-') || rng.chance(0.15));
  const name = rng.pick(names);
  MUTATIONS[name]!(op, d, rng);
  return build(op, d, name);
}

export function validRequest(op: Operation, rng: Prng, ids: IdSource): FuzzRequest {
  return build(op, validDraft(op, rng, ids), 'valid');
}
