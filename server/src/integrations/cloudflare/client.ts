import { setTimeout as delay } from 'node:timers/promises';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { sendBearerJson, sendRetryingRateLimits, type RateLimitRetries } from '../http/json-api.js';
import { apiFailure, CloudflareError, fromOutbound } from './errors.js';
import {
  asciiName,
  fullRecordName,
  isCloudflareId,
  parseEnvelope,
  parseRecord,
  parseTokenStatus,
  parseZone,
  planRecords,
  recordBody,
  zoneName,
  type Complaint,
  type Envelope,
} from './parse.js';
import {
  RECORD_TYPES,
  type CloudflareDnsRecord,
  type CloudflareTokenStatus,
  type CloudflareZone,
  type DesiredDnsRecord,
  type EnsuredZone,
  type UpsertResult,
} from './types.js';

export const CLOUDFLARE_BASE_URL = 'https://api.cloudflare.com/client/v4';
/** The largest page of `GET /zones`. */
export const MAX_ZONES_PER_PAGE = 50;
/** Cloudflare's default page of DNS records (it allows far larger ones). */
export const DEFAULT_RECORDS_PER_PAGE = 100;

export interface CloudflareClientOptions {
  /** An API token, sent as `Authorization: Bearer …`; needs Zone:Read, Zone:Edit (to add zones) and DNS:Edit. */
  token: string;
  /** The account new zones are added to (ensureZone's default). */
  accountId?: string;
  /** Default https://api.cloudflare.com/client/v4; a path prefix is kept. */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** `per_page` of DNS record listings (default 100). */
  perPage?: number;
  /** Pages one listing may take before the answer counts as broken paging (default 200). */
  maxPages?: number;
  /** Retries after a 429 (default 2); each waits out Retry-After (1 s when it is missing). */
  maxRetries?: number;
  /** Longest Retry-After a retry waits out; a longer one fails at once with rate_limited (default 60 s). */
  maxRetryWaitSeconds?: number;
  /** Replaces the wait before a retry (tests). */
  sleep?: (ms: number) => Promise<void>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const MAX_BYTES = 8 * 1024 * 1024;

const invalid = (message: string) => new CloudflareError('invalid', message);

function checkId(value: string, what: string): string {
  if (!isCloudflareId(value)) throw invalid(`"${String(value).slice(0, 40)}" is not a Cloudflare ${what} id`);
  return value;
}

/**
 * Cloudflare's API v4 for what the website wizard needs: the token check, zones (found by name, added to an
 * account, read back with their assigned name servers and status) and DNS records (listed page by page, created,
 * changed, deleted), plus the idempotent ensureZone and upsertRecords a retried wizard step relies on. Every call
 * goes through the injected SafeFetch; a 429 is retried after its Retry-After, within bounds; failures are
 * CloudflareError with the kind a caller branches on and Cloudflare's own codes and words.
 */
export class CloudflareClient {
  private readonly base: string;
  private readonly perPage: number;
  private readonly maxPages: number;
  private readonly retries: RateLimitRetries;

  constructor(private readonly options: CloudflareClientOptions) {
    if (!options.token.trim()) throw new Error('The Cloudflare client needs an API token');
    this.base = `${(options.baseUrl ?? CLOUDFLARE_BASE_URL).replace(/\/+$/, '')}/`;
    this.perPage = Math.max(5, Math.floor(options.perPage ?? DEFAULT_RECORDS_PER_PAGE));
    this.maxPages = Math.max(1, Math.floor(options.maxPages ?? 200));
    this.retries = {
      maxRetries: options.maxRetries,
      maxRetryWaitSeconds: options.maxRetryWaitSeconds,
      sleep: options.sleep ?? ((ms) => delay(ms)),
    };
  }

  /**
   * The token works and is active; an account-owned token is checked under its account. A disabled or expired
   * token fails with `auth`.
   */
  async verifyToken(scope: { accountId?: string } = {}): Promise<CloudflareTokenStatus> {
    const path = scope.accountId
      ? `accounts/${checkId(scope.accountId, 'account')}/tokens/verify`
      : 'user/tokens/verify';
    const status = parseTokenStatus((await this.call('GET', path)).result, this.bad(path));
    if (status.status !== 'active')
      throw new CloudflareError('auth', `Cloudflare says the API token is ${status.status}`, { path });
    return status;
  }

  async zone(zoneId: string): Promise<CloudflareZone> {
    const path = `zones/${checkId(zoneId, 'zone')}`;
    return parseZone((await this.call('GET', path)).result, this.bad(path));
  }

  /** The zone of exactly this name (in the account, when given), or null. */
  async findZone(name: string, accountId?: string): Promise<CloudflareZone | null> {
    const wanted = this.zoneNameOf(name);
    const params: Record<string, string> = { name: wanted };
    if (accountId !== undefined) params['account.id'] = checkId(accountId, 'account');
    const bad = this.bad('zones');
    const zones = await this.listAll('zones', params, MAX_ZONES_PER_PAGE, (item) => parseZone(item, bad));
    return zones.find((z) => z.name === wanted) ?? null;
  }

  /** Adds a full-setup zone to the account; Cloudflare answers it `pending` with its two name servers. */
  async createZone(name: string, accountId = this.options.accountId): Promise<CloudflareZone> {
    const account = checkId(accountId ?? '', 'account');
    const body = { name: this.zoneNameOf(name), account: { id: account }, type: 'full' };
    return parseZone((await this.call('POST', 'zones', undefined, body)).result, this.bad('zones'));
  }

  /**
   * The account's zone for `name`, added only when it is missing; an "already exists" answer (a race, or the
   * lost answer of an earlier try) is read back, so a retried wizard step never adds twice. A zone that exists
   * in another account fails with `conflict`.
   */
  async ensureZone(name: string, accountId = this.options.accountId): Promise<EnsuredZone> {
    const account = checkId(accountId ?? '', 'account');
    const found = await this.findZone(name, account);
    if (found) return { ...found, created: false };
    try {
      return { ...(await this.createZone(name, account)), created: true };
    } catch (err) {
      if (!(err instanceof CloudflareError) || err.kind !== 'conflict') throw err;
      const again = await this.findZone(name, account);
      if (again) return { ...again, created: false };
      throw new CloudflareError('conflict', `${err.message}; it is not in account ${account}`, {
        status: err.status,
        path: 'zones',
        errors: err.errors,
      });
    }
  }

  /** The zone's records, page by page; `name` matches exactly (a full name). */
  listRecords(zoneId: string, filter: { type?: string; name?: string } = {}): Promise<CloudflareDnsRecord[]> {
    const path = `zones/${checkId(zoneId, 'zone')}/dns_records`;
    const params: Record<string, string> = {};
    if (filter.type) params.type = filter.type.toUpperCase();
    if (filter.name) params.name = asciiName(filter.name) ?? filter.name;
    const bad = this.bad(path);
    return this.listAll(path, params, this.perPage, (item) => parseRecord(item, bad));
  }

  /** Creates a record; Cloudflare validates it (content, TTL, duplicates) and its codes come back as they are. */
  async createRecord(zoneId: string, record: DesiredDnsRecord): Promise<CloudflareDnsRecord> {
    const path = `zones/${checkId(zoneId, 'zone')}/dns_records`;
    return parseRecord((await this.call('POST', path, undefined, recordBody(record))).result, this.bad(path));
  }

  /** PATCH: changes the fields given, leaves the others. */
  async updateRecord(
    zoneId: string,
    recordId: string,
    changes: Partial<DesiredDnsRecord>,
  ): Promise<CloudflareDnsRecord> {
    const path = `zones/${checkId(zoneId, 'zone')}/dns_records/${checkId(recordId, 'record')}`;
    return parseRecord((await this.call('PATCH', path, undefined, changes)).result, this.bad(path));
  }

  /** PUT: the record becomes exactly this one (an omitted comment is cleared). */
  async replaceRecord(
    zoneId: string,
    recordId: string,
    record: DesiredDnsRecord,
  ): Promise<CloudflareDnsRecord> {
    const path = `zones/${checkId(zoneId, 'zone')}/dns_records/${checkId(recordId, 'record')}`;
    return parseRecord((await this.call('PUT', path, undefined, recordBody(record))).result, this.bad(path));
  }

  async deleteRecord(zoneId: string, recordId: string): Promise<void> {
    const path = `zones/${checkId(zoneId, 'zone')}/dns_records/${checkId(recordId, 'record')}`;
    await this.call('DELETE', path);
  }

  /**
   * Makes the zone's records of each (type, name) asked for exactly the ones asked for: an identical record is
   * left alone, a differing one is changed, a missing one created, and the rest of that (type, name) deleted.
   * Names may be relative (`@`, `www`). Everything is checked before the first write; run again, it writes
   * nothing.
   */
  async upsertRecords(zoneId: string, desired: DesiredDnsRecord[]): Promise<UpsertResult> {
    const zone = await this.zone(zoneId);
    const groups = new Map<string, DesiredDnsRecord[]>();
    for (const d of desired) {
      if (!RECORD_TYPES.includes(d.type))
        throw invalid(`The record type must be one of ${RECORD_TYPES.join(', ')}`);
      const name = fullRecordName(d.name, zone.name);
      if (name === null) throw invalid(`"${d.name.slice(0, 80)}" is not a record name in ${zone.name}`);
      const key = `${d.type} ${name}`;
      groups.set(key, [...(groups.get(key) ?? []), { ...d, name, content: d.content.trim() }]);
    }
    const out: UpsertResult = { created: [], updated: [], unchanged: [], deleted: [] };
    for (const wanted of groups.values()) {
      const { type, name } = wanted[0]!;
      const existing = (await this.listRecords(zone.id, { type, name })).filter(
        (r) => r.type === type && r.name === name,
      );
      const plan = planRecords(wanted, existing);
      out.unchanged.push(...plan.keep);
      for (const { record, want } of plan.update)
        out.updated.push(await this.updateRecord(zone.id, record.id, recordBody(want)));
      for (const want of plan.create) out.created.push(await this.createRecord(zone.id, want));
      for (const record of plan.remove) {
        await this.deleteRecord(zone.id, record.id);
        out.deleted.push(record);
      }
    }
    return out;
  }

  private zoneNameOf(name: string): string {
    const ascii = zoneName(name);
    if (ascii === null) throw invalid(`"${name.slice(0, 80)}" is not a domain name`);
    return ascii;
  }

  /**
   * Pages with page/per_page until `result_info.total_pages` says the last page was read (or a page comes back
   * short or empty); one entry per id, so a listing that shifts while it is read repeats nothing.
   */
  private async listAll<T extends { id: string }>(
    path: string,
    params: Record<string, string>,
    perPage: number,
    parse: (item: unknown) => T,
  ): Promise<T[]> {
    const found = new Map<string, T>();
    for (let page = 1; page <= this.maxPages; page += 1) {
      const query = new URLSearchParams({ ...params, page: String(page), per_page: String(perPage) });
      const { result, resultInfo } = await this.call('GET', path, query);
      if (!Array.isArray(result)) throw this.bad(path)('a result that is not a list');
      for (const item of result) {
        const parsed = parse(item);
        if (!found.has(parsed.id)) found.set(parsed.id, parsed);
      }
      const total = resultInfo?.totalPages ?? null;
      const last = total === null ? result.length < perPage : page >= total;
      if (!result.length || last) return [...found.values()];
    }
    throw this.bad(path)(`more than ${this.maxPages} pages (paging does not end)`);
  }

  private async call(
    method: Method,
    path: string,
    query?: URLSearchParams,
    body?: unknown,
  ): Promise<Envelope> {
    const url = `${this.base}${path}${query ? `?${query}` : ''}`;
    const res = await sendRetryingRateLimits(() => this.fetch(method, url, path, body), this.retries);
    return this.read(res, path);
  }

  /** The envelope of a success; anything else thrown as the error its status and codes say. */
  private read(res: SafeResponse, path: string): Envelope {
    let json: unknown;
    let parsed = true;
    try {
      json = res.json<unknown>();
    } catch {
      parsed = false;
    }
    const envelope = parsed ? parseEnvelope(json) : null;
    const ok = res.status >= 200 && res.status < 300;
    if (!ok || envelope?.success === false)
      throw apiFailure(
        res.status,
        path,
        envelope?.errors ?? [],
        this.options.token,
        res.headers['retry-after'],
      );
    if (!parsed)
      throw new CloudflareError('bad_response', `Cloudflare answered ${path} with invalid JSON`, {
        status: res.status,
        path,
      });
    if (envelope === null) throw this.bad(path)('a body that is not its envelope');
    return envelope;
  }

  private async fetch(method: Method, url: string, path: string, body: unknown): Promise<SafeResponse> {
    try {
      return await sendBearerJson(this.options.safeFetch, {
        method,
        url,
        token: this.options.token,
        body,
        maxBytes: MAX_BYTES,
        timeoutMs: this.options.timeoutMs ?? 20_000,
      });
    } catch (err) {
      throw fromOutbound(err, path);
    }
  }

  private bad(path: string): Complaint {
    return (what) =>
      new CloudflareError('bad_response', `Cloudflare answered ${path} with ${what}`, { path });
  }
}
