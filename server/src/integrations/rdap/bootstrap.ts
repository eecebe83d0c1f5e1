import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SafeFetch } from '../http/safe-fetch.js';
import bundled from './dns.json' with { type: 'json' };

/** One RFC 9224 service: the labels (DNS) or CIDR prefixes (IP) it covers, and its base URLs. */
export interface BootstrapService {
  labels: string[];
  urls: string[];
}

interface CacheFile {
  fetchedAt: number;
  bootstrap: unknown;
}

export interface BootstrapOptions {
  fetch: SafeFetch;
  url?: string;
  /** Where a fetched copy is kept between restarts; null keeps it in memory only. */
  cacheFile?: string | null;
  ttlMs?: number;
  /** How long the fallback is used before IANA is asked again after a failure. */
  retryAfterFailureMs?: number;
  now?: () => number;
  /** The copy used when the registry cannot be read and none is cached; default the bundled DNS file. */
  fallback?: unknown;
}

export const IANA_DNS_BOOTSTRAP = 'https://data.iana.org/rdap/dns.json';

/**
 * The IANA registries of IPv4 and IPv6 blocks (RFC 9224 §5), published beside the DNS one: the files of
 * that name in the folder of `dnsUrl` (so a test or mirror serving dns.json serves them too).
 */
export function ipBootstrapUrls(dnsUrl: string): { v4: string; v6: string } {
  return { v4: new URL('ipv4.json', dnsUrl).href, v6: new URL('ipv6.json', dnsUrl).href };
}

const strings = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : null;

/** Validates the shape of a bootstrap file; null when it is not one. */
export function parseBootstrap(json: unknown): BootstrapService[] | null {
  const services = (json as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) return null;
  const out: BootstrapService[] = [];
  for (const entry of services) {
    const labels = Array.isArray(entry) ? strings(entry[0]) : null;
    const urls = Array.isArray(entry) ? strings(entry[1]) : null;
    if (!labels || !urls) return null;
    out.push({ labels: labels.map((l) => l.toLowerCase().replace(/^\.|\.$/g, '')), urls });
  }
  return out;
}

/** The longest entry that is a label-wise suffix of the name wins (RFC 9224 §4). */
export function matchService<T>(domain: string, entries: [string, T][]): T | null {
  let best: { length: number; value: T } | null = null;
  for (const [label, value] of entries) {
    if (domain !== label && !domain.endsWith(`.${label}`)) continue;
    const length = label.split('.').length;
    if (!best || length > best.length) best = { length, value };
  }
  return best?.value ?? null;
}

/** Prefers https among a service's base URLs and makes sure the base ends in a slash. */
export function pickBaseUrl(urls: string[]): string | null {
  const chosen = urls.find((u) => u.startsWith('https://')) ?? urls.find((u) => u.startsWith('http://'));
  if (!chosen) return null;
  return chosen.endsWith('/') ? chosen : `${chosen}/`;
}

/**
 * One IANA bootstrap registry (DNS by default; the IPv4 and IPv6 ones take their own URL and fallback),
 * cached in memory and on disk, with a fallback copy as the last resort.
 */
export class RdapBootstrap {
  private current: BootstrapService[] | null = null;
  private expiresAt = 0;
  private loading: Promise<BootstrapService[]> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: BootstrapOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Base URL of the RDAP service for a normalised (A-label) name, or null when there is none. */
  async baseUrlFor(domain: string): Promise<string | null> {
    const services = await this.services();
    const entries = services.flatMap((s) => s.labels.map((l): [string, string[]] => [l, s.urls]));
    const urls = matchService(domain, entries);
    return urls ? pickBaseUrl(urls) : null;
  }

  /** Every service of the registry: the fetched copy, the cached one, or the fallback. */
  async services(): Promise<BootstrapService[]> {
    if (this.current && this.now() < this.expiresAt) return this.current;
    this.loading ??= this.refresh().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private remember(services: BootstrapService[], expiresAt: number) {
    this.current = services;
    this.expiresAt = expiresAt;
    return services;
  }

  private async refresh(): Promise<BootstrapService[]> {
    const ttl = this.options.ttlMs ?? 24 * 3600_000;
    const disk = await this.readDisk();
    if (disk && this.now() < disk.fetchedAt + ttl) return this.remember(disk.services, disk.fetchedAt + ttl);
    const url = this.options.url ?? IANA_DNS_BOOTSTRAP;
    try {
      const res = await this.options.fetch(url, { accept: 'application/json', timeoutMs: 15_000 });
      const services = res.status === 200 ? parseBootstrap(res.json<unknown>()) : null;
      if (!services) throw new Error(`unusable bootstrap answer (HTTP ${res.status})`);
      await this.writeDisk(res.json<unknown>());
      return this.remember(services, this.now() + ttl);
    } catch {
      // IANA unreachable or broken: a stale copy beats the bundled one; either way, ask again soon.
      const retryAt = this.now() + (this.options.retryAfterFailureMs ?? 5 * 60_000);
      const fallback =
        this.current ?? disk?.services ?? parseBootstrap(this.options.fallback ?? bundled) ?? [];
      return this.remember(fallback, retryAt);
    }
  }

  private async readDisk(): Promise<{ fetchedAt: number; services: BootstrapService[] } | null> {
    const file = this.options.cacheFile;
    if (!file) return null;
    try {
      const cached = JSON.parse(await readFile(file, 'utf8')) as Partial<CacheFile>;
      const services = parseBootstrap(cached.bootstrap);
      return services && typeof cached.fetchedAt === 'number'
        ? { fetchedAt: cached.fetchedAt, services }
        : null;
    } catch {
      return null; // missing or corrupt cache: fetch afresh
    }
  }

  private async writeDisk(bootstrap: unknown) {
    const file = this.options.cacheFile;
    if (!file) return;
    const body: CacheFile = { fetchedAt: this.now(), bootstrap };
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(body));
      await rename(`${file}.tmp`, file);
    } catch {
      // An unwritable cache only costs a refetch after restart; the in-memory copy still serves.
    }
  }
}
