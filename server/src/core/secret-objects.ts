import type { FieldSpec } from '@sitefleet/shared';
import { invalid } from './errors.js';
import type { Row } from './resource.js';
import type { SecretBox } from './secrets.js';

/**
 * Refuses what the body schema already refuses, for callers that skip it (jobs, imports): a secret-bearing
 * object holds only declared keys with single values, so no secret is ever stored in plain text.
 */
function checkKeys(key: string, f: FieldSpec, value: Row): void {
  const secretKeys = f.secretKeys ?? [];
  if (Array.isArray(value)) throw invalid({ [key]: 'must be an object' });
  const known = new Set([...secretKeys, ...(f.plainKeys ?? []), ...secretKeys.map((s) => `${s}_set`)]);
  for (const [k, v] of Object.entries(value)) {
    if (!known.has(k)) throw invalid({ [key]: `has an undeclared key "${k}"` });
    if (v !== null && typeof v === 'object') throw invalid({ [key]: `"${k}" must be a single value` });
  }
}

/**
 * The stored form of a JSON field with secret keys, each sealed for `<table>.<field>.<key>`. A key left out
 * (or sent back as the masked `<key>_set` flag) keeps the stored value; an explicit null or empty string
 * clears it.
 */
export function sealSecretObject(
  box: SecretBox,
  table: string,
  key: string,
  f: FieldSpec,
  value: Row,
  stored: unknown,
): string {
  checkKeys(key, f, value);
  const secretKeys = f.secretKeys ?? [];
  const before = stored && typeof stored === 'object' ? (stored as Row) : null;
  const flags = new Set(secretKeys.map((s) => `${s}_set`));
  const copy: Row = Object.fromEntries(Object.entries(value).filter(([k]) => !flags.has(k)));
  for (const s of secretKeys) {
    const sent = copy[s];
    if (typeof sent === 'string' && sent !== '') copy[s] = box.seal(sent, `${table}.${key}.${s}`);
    else if (sent === undefined && typeof before?.[s] === 'string') copy[s] = before[s];
    else copy[s] = undefined; // null or '' clears it; JSON.stringify drops undefined
  }
  return JSON.stringify(copy);
}
