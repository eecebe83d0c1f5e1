import { setTimeout as sleep } from 'node:timers/promises';
import { classifyAddress } from '../http/address-policy.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import {
  IANA_DNS_BOOTSTRAP,
  ipBootstrapUrls,
  matchService,
  pickBaseUrl,
  RdapBootstrap,
  type BootstrapService,
} from './bootstrap.js';
import { fromOutbound, RdapError } from './errors.js';
import {
  bootstrapPrefixes,
  matchPrefix,
  parseIpAddress,
  parseRdapIpNetwork,
  type IpAddress,
  type Prefix,
} from './ip.js';
import { normaliseDomain, type DomainName } from './name.js';
import { mergeReferral, parseRdapDomain, registrarReferral } from './parse.js';
import {
  DomainNotFoundError,
  InvalidAddressError,
  IpNetworkNotFoundError,
  type DomainInfo,
  type IpNetworkInfo,
} from './types.js';

export interface RdapClientOptions {
  /** The SSRF-guarded fetch: bootstrap, registry and registrar URLs all come from outside. */
  fetch: SafeFetch;
  bootstrapUrl?: string;
  /** The IPv4 and IPv6 registries; default the ipv4.json and ipv6.json beside bootstrapUrl. */
  ipBootstrapUrls?: { v4: string; v6: string };
  /** The DNS registry's cache file; the IP ones are kept beside it ("-ipv4", "-ipv6" before ".json"). */
  bootstrapCacheFile?: string | null;
  bootstrapTtlMs?: number;
  /** Base URLs that win over the bootstrap, keyed by TLD (or longer suffix): ccTLDs IANA lacks. */
  serviceOverrides?: Record<string, string>;
  /**
   * Look up loopback, private and other special-purpose addresses too (a private network whose own RDAP
   * service its bootstrap names; tests). By default they are answered null without asking anyone: no
   * public registry holds them.
   */
  specialAddresses?: boolean;
  /** Longest Retry-After honoured by the single retry after a 429 (default 10 s). */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
}

const ACCEPT = 'application/rdap+json, application/json;q=0.8';

function retryAfterMs(header: string | undefined): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

const hostOf = (url: string) => new URL(url).hostname;

const besideCacheFile = (file: string | null | undefined, suffix: string) =>
  file ? file.replace(/(\.json)?$/, `-${suffix}.json`) : null;

/**
 * RDAP (RFC 7480/9082/9083) lookups: domains (registry first, then the registrar it refers to) and the
 * networks IP addresses belong to.
 */
export class RdapClient {
  private readonly bootstrap: RdapBootstrap;
  private readonly ipBootstraps: Record<4 | 6, RdapBootstrap>;
  /** The prefixes of each IP bootstrap copy, read once per copy. */
  private readonly prefixes = new WeakMap<BootstrapService[], Prefix<string[]>[]>();
  private readonly overrides: [string, string][];

  constructor(private readonly options: RdapClientOptions) {
    const dnsUrl = options.bootstrapUrl ?? IANA_DNS_BOOTSTRAP;
    const ttl = options.bootstrapTtlMs !== undefined ? { ttlMs: options.bootstrapTtlMs } : {};
    this.bootstrap = new RdapBootstrap({
      fetch: options.fetch,
      url: dnsUrl,
      cacheFile: options.bootstrapCacheFile ?? null,
      ...ttl,
    });
    const ipUrls = options.ipBootstrapUrls ?? ipBootstrapUrls(dnsUrl);
    // No copy of the IP registries is bundled: without one, addresses are simply not looked up.
    const ipBootstrap = (url: string, suffix: string) =>
      new RdapBootstrap({
        fetch: options.fetch,
        url,
        cacheFile: besideCacheFile(options.bootstrapCacheFile, suffix),
        fallback: { services: [] },
        ...ttl,
      });
    this.ipBootstraps = { 4: ipBootstrap(ipUrls.v4, 'ipv4'), 6: ipBootstrap(ipUrls.v6, 'ipv6') };
    this.overrides = Object.entries(options.serviceOverrides ?? {}).map(([suffix, url]) => [
      suffix.toLowerCase().replace(/^\./, ''),
      url.endsWith('/') ? url : `${url}/`,
    ]);
  }

  /** Base URL of the RDAP service for a name, or null when its TLD has none. */
  async serviceFor(name: string | DomainName): Promise<string | null> {
    const domain = typeof name === 'string' ? normaliseDomain(name) : name;
    return matchService(domain.ascii, this.overrides) ?? (await this.bootstrap.baseUrlFor(domain.ascii));
  }

  /**
   * Looks a domain up. Resolves to null when no RDAP service covers the TLD; throws DomainNotFoundError
   * when the registry does not know the name, RdapError for every other failure.
   */
  async lookupDomain(name: string): Promise<DomainInfo | null> {
    const domain = normaliseDomain(name);
    const base = await this.serviceFor(domain);
    if (!base) return null;
    const url = new URL(`domain/${domain.ascii}`, base).href;
    const server = hostOf(url);
    const res = await this.get(url);
    if (res.status === 404) throw new DomainNotFoundError(domain.ascii, 'rdap', server);
    this.assertOk(res, url);
    const json = this.parseJson(res, url);
    const registry = parseRdapDomain(json, domain, server);
    const referral = registrarReferral(json);
    if (!referral || (registry.registrant && registry.registrar)) return registry;
    return mergeReferral(registry, (await this.registrarRecord(referral, domain)) ?? registry);
  }

  /**
   * Base URL of the RDAP service for an address: the longest bootstrap prefix holding it. Null when no
   * entry holds it, and for special-purpose addresses (see specialAddresses).
   */
  async serviceForAddress(address: IpAddress): Promise<string | null> {
    if (!this.options.specialAddresses && classifyAddress(address.text) !== null) return null;
    const services = await this.ipBootstraps[address.version].services();
    let prefixes = this.prefixes.get(services);
    if (!prefixes) {
      prefixes = bootstrapPrefixes(services);
      this.prefixes.set(services, prefixes);
    }
    const urls = matchPrefix(address, prefixes);
    return urls ? pickBaseUrl(urls) : null;
  }

  /**
   * The network an IPv4 or IPv6 address belongs to (`{base}ip/{address}`, RFC 9082 §3.1.1), following the
   * registry's redirect to another when it holds the block elsewhere. Resolves to null when no RDAP service
   * covers the address; throws IpNetworkNotFoundError on a 404, InvalidAddressError for text that is no
   * address, RdapError for every other failure.
   */
  async lookupIpNetwork(raw: string): Promise<IpNetworkInfo | null> {
    const address = parseIpAddress(raw);
    if (!address) throw new InvalidAddressError(`"${raw.slice(0, 100)}" is not an IP address`);
    const base = await this.serviceForAddress(address);
    if (!base) return null;
    const url = new URL(`ip/${address.text}`, base).href;
    const res = await this.get(url);
    if (res.status === 404) throw new IpNetworkNotFoundError(address.text, hostOf(res.url));
    this.assertOk(res, url);
    return parseRdapIpNetwork(this.parseJson(res, url), address, hostOf(res.url));
  }

  /** The registrar's record adds detail but is optional: any failure keeps the registry's answer. */
  private async registrarRecord(url: string, domain: DomainName): Promise<DomainInfo | null> {
    try {
      const res = await this.get(url);
      if (res.status !== 200) return null;
      return parseRdapDomain(this.parseJson(res, url), domain, hostOf(res.url));
    } catch (err) {
      if (err instanceof RdapError) return null;
      throw err;
    }
  }

  private async get(url: string, retried = false): Promise<SafeResponse> {
    let res: SafeResponse;
    try {
      res = await this.options.fetch(url, {
        accept: ACCEPT,
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      });
    } catch (err) {
      throw fromOutbound(err, url);
    }
    if (res.status !== 429) return res;
    const wait = retryAfterMs(res.headers['retry-after']) ?? 1000;
    const seconds = Math.ceil(wait / 1000);
    if (retried || wait > (this.options.maxRetryWaitMs ?? 10_000))
      throw new RdapError(
        'rate_limited',
        `${hostOf(url)} is rate limiting RDAP queries (retry after ${seconds} s)`,
        {
          status: 429,
          retryAfterSeconds: seconds,
        },
      );
    await sleep(wait);
    return this.get(url, true);
  }

  private assertOk(res: SafeResponse, url: string) {
    if (res.status === 200) return;
    const kind = res.status >= 500 ? 'unavailable' : 'bad_response';
    throw new RdapError(kind, `${hostOf(url)} answered HTTP ${res.status} for ${url}`, {
      status: res.status,
    });
  }

  private parseJson(res: SafeResponse, url: string): unknown {
    try {
      return res.json<unknown>();
    } catch (err) {
      throw new RdapError('bad_response', `${hostOf(url)} answered with invalid JSON`, { cause: err });
    }
  }
}
