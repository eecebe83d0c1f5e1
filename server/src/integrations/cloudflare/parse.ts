import { isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';
import type { CloudflareError } from './errors.js';
import type {
  CloudflareApiMessage,
  CloudflareDnsRecord,
  CloudflareResultInfo,
  CloudflareTokenStatus,
  CloudflareZone,
  DesiredDnsRecord,
} from './types.js';

/** Makes the bad_response error: `what` completes "Cloudflare answered <path> with …". */
export type Complaint = (what: string) => CloudflareError;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Cloudflare's identifiers: zones, records, accounts and tokens are 32 lower-case hex digits. */
export const isCloudflareId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;

const wholeNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

/** The v4 envelope: `success`, `errors` (each with an optional `error_chain`), `result`, `result_info`. */
export interface Envelope {
  success: boolean;
  errors: CloudflareApiMessage[];
  result: unknown;
  resultInfo: CloudflareResultInfo | null;
}

function messages(value: unknown): CloudflareApiMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): CloudflareApiMessage[] => {
    if (!isRecord(item)) return [];
    const own =
      typeof item.code === 'number' || typeof item.message === 'string'
        ? [{ code: wholeNumber(item.code) ?? 0, message: text(item.message) ?? '' }]
        : [];
    return [...own, ...messages(item.error_chain)];
  });
}

function resultInfo(value: unknown): CloudflareResultInfo | null {
  if (!isRecord(value)) return null;
  return {
    page: wholeNumber(value.page) ?? 1,
    perPage: wholeNumber(value.per_page) ?? 0,
    count: wholeNumber(value.count) ?? 0,
    totalCount: wholeNumber(value.total_count),
    totalPages: wholeNumber(value.total_pages),
  };
}

/** Reads an envelope; null when the body is not one (no boolean `success`). */
export function parseEnvelope(body: unknown): Envelope | null {
  if (!isRecord(body) || typeof body.success !== 'boolean') return null;
  return {
    success: body.success,
    errors: messages(body.errors),
    result: body.result,
    resultInfo: resultInfo(body.result_info),
  };
}

export function parseTokenStatus(result: unknown, bad: Complaint): CloudflareTokenStatus {
  if (!isRecord(result) || !text(result.id) || !text(result.status))
    throw bad('a token without id or status');
  return {
    id: String(result.id),
    status: String(result.status),
    expiresOn: text(result.expires_on),
    notBefore: text(result.not_before),
  };
}

export function parseZone(item: unknown, bad: Complaint): CloudflareZone {
  if (!isRecord(item) || !isCloudflareId(item.id)) throw bad('a zone without an id');
  const name = text(item.name);
  if (name === null) throw bad(`zone ${item.id} without a name`);
  const status = text(item.status) ?? 'unknown';
  return {
    id: item.id,
    name: name.toLowerCase(),
    status,
    active: status === 'active',
    paused: item.paused === true,
    type: text(item.type),
    nameServers: (strings(item.name_servers) ?? []).map((n) => n.toLowerCase()),
    originalNameServers: strings(item.original_name_servers)?.map((n) => n.toLowerCase()) ?? null,
    accountId: isRecord(item.account) ? text(item.account.id) : null,
    activatedOn: text(item.activated_on),
    createdOn: text(item.created_on),
  };
}

export function parseRecord(item: unknown, bad: Complaint): CloudflareDnsRecord {
  if (!isRecord(item) || !isCloudflareId(item.id)) throw bad('a DNS record without an id');
  const type = text(item.type);
  const name = text(item.name);
  if (type === null || name === null || typeof item.content !== 'string')
    throw bad(`DNS record ${item.id} without a type, name or content`);
  return {
    id: item.id,
    type: type.toUpperCase(),
    name: name.toLowerCase(),
    content: item.content,
    ttl: wholeNumber(item.ttl) ?? 1,
    proxied: item.proxied === true,
    proxiable: item.proxiable === true,
    priority: wholeNumber(item.priority),
    comment: text(item.comment),
    createdOn: text(item.created_on),
    modifiedOn: text(item.modified_on),
  };
}

const LABEL = /^(?:\*|_?[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?|_[a-z0-9_-]{1,62})$/;

/** Lower case, without a final dot, non-ASCII labels as punycode; null when it is not a host name. */
export function asciiName(name: string): string | null {
  const trimmed = name.trim().toLowerCase().replace(/\.$/, '');
  // eslint-disable-next-line no-control-regex
  const ascii = /[^\x00-\x7f]/.test(trimmed) ? domainToASCII(trimmed) : trimmed;
  if (!ascii || ascii.length > 253) return null;
  return ascii.split('.').every((label) => LABEL.test(label)) ? ascii : null;
}

/** A zone's name: a host name of at least two labels, without wildcards or underscores. */
export function zoneName(name: string): string | null {
  const ascii = asciiName(name);
  return ascii && ascii.includes('.') && /^[a-z0-9.-]+$/.test(ascii) ? ascii : null;
}

/**
 * A record name as Cloudflare stores it: `@` or empty is the apex; a name ending in the zone stays; a name
 * without dots is relative to the zone. Null for anything else (a dotted name outside the zone is refused
 * rather than guessed at, since Cloudflare would silently append the zone to it).
 */
export function fullRecordName(name: string, zone: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '@' || trimmed === '') return zone;
  const ascii = asciiName(trimmed);
  if (ascii === null) return null;
  if (ascii === zone || ascii.endsWith(`.${zone}`)) return ascii;
  return ascii.includes('.') ? null : `${ascii}.${zone}`;
}

/** Content in a form two records can be compared by: addresses canonical, host names without case or dot. */
export function comparableContent(type: string, content: string): string {
  const value = content.trim();
  if (type === 'AAAA' && isIPv6(value)) return ipaddr.parse(value).toString();
  if (type === 'CNAME' || type === 'MX' || type === 'NS') return value.toLowerCase().replace(/\.$/, '');
  if (type === 'TXT' && /^".*"$/s.test(value) && !value.slice(1, -1).includes('"')) return value.slice(1, -1);
  return value;
}

/** The JSON body of a create, PUT or PATCH: TTL automatic and DNS only unless asked otherwise. */
export function recordBody(record: DesiredDnsRecord): Record<string, unknown> {
  return {
    type: record.type,
    name: record.name,
    content: record.content,
    ttl: record.ttl ?? 1,
    proxied: record.proxied ?? false,
    ...(record.priority !== undefined ? { priority: record.priority } : {}),
    ...(record.comment !== undefined ? { comment: record.comment } : {}),
  };
}

const sameContent = (r: CloudflareDnsRecord, want: DesiredDnsRecord) =>
  comparableContent(r.type, r.content) === comparableContent(want.type, want.content);

/** Cloudflare keeps proxied records at TTL 1, whatever was sent. */
function sameSettings(r: CloudflareDnsRecord, want: DesiredDnsRecord): boolean {
  const proxied = want.proxied ?? false;
  const ttl = proxied ? 1 : (want.ttl ?? 1);
  return (
    r.proxied === proxied &&
    r.ttl === ttl &&
    (want.priority === undefined || r.priority === want.priority) &&
    (want.comment === undefined || (r.comment ?? '') === want.comment)
  );
}

export interface RecordPlan {
  keep: CloudflareDnsRecord[];
  update: Array<{ record: CloudflareDnsRecord; want: DesiredDnsRecord }>;
  create: DesiredDnsRecord[];
  remove: CloudflareDnsRecord[];
}

/**
 * How to turn one (type, name)'s existing records into the wanted ones with the fewest writes: identical ones
 * stay, a record with the wanted content but other settings is changed, other records are reused for the
 * remaining contents, then what is still missing is created and what is left over deleted. An update never
 * lands on a content another record already has, so Cloudflare's "identical record" refusal cannot occur.
 */
export function planRecords(wanted: DesiredDnsRecord[], existing: CloudflareDnsRecord[]): RecordPlan {
  const pool = [...existing];
  const take = (test: (r: CloudflareDnsRecord) => boolean) => {
    const at = pool.findIndex(test);
    return at < 0 ? null : pool.splice(at, 1)[0]!;
  };
  const plan: RecordPlan = { keep: [], update: [], create: [], remove: [] };
  const unmatched: DesiredDnsRecord[] = [];
  const byContent: DesiredDnsRecord[] = [];
  const seen = new Set<string>();
  for (const want of wanted) {
    const key = comparableContent(want.type, want.content);
    if (seen.has(key)) continue;
    seen.add(key);
    const same = take((r) => sameContent(r, want) && sameSettings(r, want));
    if (same) plan.keep.push(same);
    else byContent.push(want);
  }
  for (const want of byContent) {
    const record = take((r) => sameContent(r, want));
    if (record) plan.update.push({ record, want });
    else unmatched.push(want);
  }
  for (const want of unmatched) {
    const record = pool.shift();
    if (record) plan.update.push({ record, want });
    else plan.create.push(want);
  }
  plan.remove = pool;
  return plan;
}
