import type { Schema } from './generate.js';

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

/** One method on one path of the API document, with what the generator needs of it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI template, `/dms/api/v1/tags/{id}`. */
  path: string;
  params: Param[];
  body: Schema | null;
  /** The record of a list route's answer: its fields are what filters name. */
  record: Schema | null;
}

/**
 * Operations the fuzzer leaves alone, and why. Everything else in the document is fuzzed, so a new
 * route is covered the day it is added.
 */
export const SKIPPED: ReadonlyArray<{ method: string; path: RegExp; why: string }> = [
  { method: 'POST', path: /^\/ums\/auth\/logout$/, why: 'ends the session the fuzzer signs in with' },
  {
    method: 'GET',
    path: /^\/ums\/api\/v1\/users\/\{id\}\/refresh-token$/,
    why: 'rotates the session token the fuzzer signs in with',
  },
  {
    method: 'POST',
    path: /^\/ums\/auth\/login$/,
    why: 'a password hash per request (slow by design) and per-IP throttling; covered by the auth tests',
  },
  {
    method: 'POST',
    path: /\/artisan$/,
    why: 'starts background jobs (RDAP, DNS, crawls, search-index calls)',
  },
  { method: 'POST', path: /\/backlinks\/(deindex|keyword)-checker$/, why: 'starts outbound checks' },
  { method: 'POST', path: /\/websites\/\{id\}\/scan$/, why: 'starts an outbound crawl of the website' },
  { method: 'GET', path: /\/domains\/\{id\}\/refresh$/, why: 'looks the domain up in RDAP, WHOIS and DNS' },
  {
    method: 'POST',
    path: /\/wordpress\/\{id\}\/connect$/,
    why: 'verifies the credentials against the WordPress site the body names (an outbound call)',
  },
  { method: 'POST', path: /\/wordpress\/sync$/, why: 'starts background jobs (a fleet sync)' },
  { method: 'GET', path: /\/wordpress\/\{id\}\/\{action\}$/, why: 'starts background jobs (a site action)' },
  { method: 'POST', path: /\/plugins\/\{id\}\/bulk$/, why: 'starts background jobs (a plugin bulk action)' },
];

export function skipReason(method: string, path: string): string | null {
  return SKIPPED.find((s) => s.method === method && s.path.test(path))?.why ?? null;
}

interface DocOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function listRecord(op: DocOperation): Schema | null {
  const data = op.responses?.['200']?.content?.['application/json']?.schema?.properties?.data;
  return data?.type === 'array' && data.items?.properties ? data.items : null;
}

/** Every operation of the document the fuzzer may call. */
export function operationsOf(doc: { paths: Record<string, Record<string, DocOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const method = m.toUpperCase() as Operation['method'];
      if (skipReason(method, path)) continue;
      out.push({
        method,
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            name: p.name,
            in: p.in as 'path' | 'query',
            required: Boolean(p.required),
            schema: p.schema ?? {},
          })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        record: method === 'GET' ? listRecord(op) : null,
      });
    }
  }
  return out;
}
