import type { FastifyBaseLogger } from 'fastify';
import { getDomain } from 'tldts';
import { DAY, epochNow } from '../../../core/time.js';
import type { AppDeps } from '../../../deps.js';
import { isAhrefsError } from '../../../integrations/ahrefs/index.js';
import type { LinkCheckResult } from '../../../integrations/link-check/index.js';
import { RdapError } from '../../../integrations/rdap/errors.js';
import { parseIpAddress, type IpAddress } from '../../../integrations/rdap/ip.js';
import {
  InvalidAddressError,
  IpNetworkNotFoundError,
  type IpNetworkInfo,
} from '../../../integrations/rdap/types.js';
import {
  storedDomainFigures,
  storedNetwork,
  storeDomainFigures,
  storeNetwork,
  type DomainFigures,
} from './host-facts-repository.js';

export type { DomainFigures } from './host-facts-repository.js';

/**
 * SPEC §3 External backlink ip_info: the address the linking page answered from, with the country and holder
 * of its network; only {ip} when the network could not be looked up.
 */
export interface IpInfo {
  ip: string;
  country?: string | null;
  org?: string | null;
}

/** What a check learnt about the linking page's host, beside the link itself; null: nothing to store. */
export interface HostFacts {
  ip_info: IpInfo | null;
  /** Ahrefs' figures of the host's registrable domain; null when Ahrefs is not configured or failed. */
  figures: DomainFigures | null;
}

/** A network RDAP answered is trusted this long before it is asked again. */
const NETWORK_TTL = 30 * DAY;
/** An address whose lookup failed is not asked again in the same run for this long. */
const FAILED_RETRY_MS = 15 * 60_000;
/** Without a Retry-After, a rate-limited RDAP service is left alone this long. */
const RATE_LIMIT_PAUSE_MS = 60_000;
/** Networks a run keeps in memory at most. */
const NETWORKS_KEPT = 10_000;
/** The lookups of one check may take this long; the check is recorded without what is still missing. */
export const HOST_FACTS_BUDGET_MS = 15_000;

interface KnownNetwork {
  version: 4 | 6;
  first: bigint;
  last: bigint;
  info: IpNetworkInfo;
}

const ipInfoOf = (address: string, net: IpNetworkInfo | null): IpInfo =>
  net ? { ip: address, country: net.country, org: net.org } : { ip: address };

/** Failures of an outside system, which leave the fact unknown; anything else is a fault and is thrown. */
const isLookupFailure = (err: unknown): boolean =>
  err instanceof RdapError || err instanceof IpNetworkNotFoundError || err instanceof InvalidAddressError;

/** The registrable domain of a host (the public suffix list, private suffixes included); null for an IP. */
export function registrableDomain(host: string): string | null {
  return getDomain(host.toLowerCase().replace(/\.+$/, ''), { allowPrivateDomains: true });
}

/**
 * The host lookups of one run of checks (or of one check): each network and each domain is asked of its
 * outside system at most once, concurrent checks of one host waiting for the same answer. Behind the run's
 * memory are the database caches: a network for 30 days, a domain's figures for its UTC day.
 */
export class HostLookups {
  private readonly networks: KnownNetwork[] = [];
  private readonly pendingIps = new Map<string, Promise<IpInfo>>();
  private readonly failedIps = new Map<string, number>();
  private rdapPausedUntil = 0;
  private readonly pendingDomains = new Map<string, Promise<DomainFigures | null>>();
  private ahrefsOff = false;
  /** ip_info of addresses (as checks saw them) whose network is known: most checks of a run ask again. */
  private readonly answered = new Map<string, IpInfo>();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'integrations'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** ip_info for an address: from this run, the database, or RDAP; {ip} alone when that fails. */
  ipInfo(raw: string): Promise<IpInfo> {
    const answered = this.knownIpInfo(raw);
    if (answered) return Promise.resolve(answered);
    const address = parseIpAddress(raw);
    if (!address) return Promise.resolve({ ip: raw });
    const known = this.knownNetwork(address);
    if (known) {
      if (this.answered.size >= NETWORKS_KEPT) this.answered.clear();
      this.answered.set(raw, ipInfoOf(address.text, known));
      return Promise.resolve(ipInfoOf(address.text, known));
    }
    let pending = this.pendingIps.get(address.text);
    if (!pending) {
      pending = this.lookUpIp(address).finally(() => this.pendingIps.delete(address.text));
      this.pendingIps.set(address.text, pending);
    }
    return pending;
  }

  /** ip_info of an address already answered from a network this run knows, without waiting; else null. */
  knownIpInfo(raw: string): IpInfo | null {
    const answered = this.answered.get(raw);
    return answered ? { ...answered } : null;
  }

  /** Whether Ahrefs is still asked for domains' figures in this run (configured, and not given up on). */
  asksForFigures(): boolean {
    return Boolean(this.deps.integrations.ahrefs) && !this.ahrefsOff;
  }

  /** Ahrefs' figures of a host's registrable domain; null when not configured, not a domain, or failed. */
  domainFigures(host: string): Promise<DomainFigures | null> {
    const domain = this.asksForFigures() ? registrableDomain(host) : null;
    if (!domain) return Promise.resolve(null);
    let pending = this.pendingDomains.get(domain);
    if (!pending) {
      pending = this.lookUpDomain(domain);
      // Kept for the run: a domain's figures are asked once a day at most, answered or not.
      this.pendingDomains.set(domain, pending);
    }
    return pending;
  }

  private knownNetwork(address: IpAddress): IpNetworkInfo | null {
    for (const n of this.networks)
      if (n.version === address.version && address.value >= n.first && address.value <= n.last) return n.info;
    return null;
  }

  private remember(net: IpNetworkInfo): void {
    const first = parseIpAddress(net.startAddress);
    const last = parseIpAddress(net.endAddress);
    if (!first || !last) return;
    if (this.networks.length >= NETWORKS_KEPT) this.networks.shift();
    this.networks.push({ version: first.version, first: first.value, last: last.value, info: net });
  }

  private async lookUpIp(address: IpAddress): Promise<IpInfo> {
    const { db, integrations } = this.deps;
    const stored = await storedNetwork(db, address.text, epochNow() - NETWORK_TTL);
    if (stored) {
      this.remember(stored);
      return ipInfoOf(address.text, stored);
    }
    const now = Date.now();
    if ((this.failedIps.get(address.text) ?? 0) > now || this.rdapPausedUntil > now)
      return { ip: address.text };
    try {
      const net = await integrations.lookupIpNetwork(address.text);
      if (!net) {
        // No registry holds the address (special-purpose ranges): nothing to ask again this run.
        this.failedIps.set(address.text, Number.POSITIVE_INFINITY);
        return { ip: address.text };
      }
      await storeNetwork(db, net, epochNow());
      this.remember(net);
      return ipInfoOf(address.text, net);
    } catch (err) {
      if (!isLookupFailure(err)) throw err;
      if (err instanceof RdapError && err.kind === 'rate_limited') {
        const wait = err.details.retryAfterSeconds;
        this.rdapPausedUntil = now + (wait ? wait * 1000 : RATE_LIMIT_PAUSE_MS);
      }
      this.failedIps.set(address.text, now + FAILED_RETRY_MS);
      this.log?.warn({ ip: address.text, err: (err as Error).message }, 'ip network lookup failed');
      return { ip: address.text };
    }
  }

  private async lookUpDomain(domain: string): Promise<DomainFigures | null> {
    const { db, integrations } = this.deps;
    const ahrefs = integrations.ahrefs;
    if (!ahrefs) return null;
    const day = Math.floor(epochNow() / DAY) * DAY;
    const stored = await storedDomainFigures(db, domain, day);
    if (stored) return stored;
    try {
      // Today's figures (the client's default date), for the whole domain like the money sites' own.
      const [rating, stats] = await Promise.all([ahrefs.domainRating(domain), ahrefs.backlinksStats(domain)]);
      const figures = { domain_rating: rating.domainRating, referring_domains: stats.liveRefdomains };
      await storeDomainFigures(db, domain, day, figures, epochNow());
      return figures;
    } catch (err) {
      if (!isAhrefsError(err)) throw err;
      // A spent budget or a refused key fails every other domain alike: stop asking in this run.
      if (err.kind === 'units_exhausted' || err.kind === 'auth') this.ahrefsOff = true;
      this.log?.warn({ domain, err: err.message }, 'Ahrefs figures of a linking domain failed');
      return null;
    }
  }
}

/** Resolves to `fallback` when `work` takes longer than `ms` (the work goes on, filling the caches). */
function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * What a check learnt of the linking page's host: ip_info of the address that answered, and the Ahrefs
 * figures of the host's registrable domain. Never fails for what RDAP or Ahrefs do; a check without an
 * answer (robots.txt, network failure) has no address, and its ip_info is left as it was.
 */
export async function hostFacts(
  lookups: HostLookups,
  result: LinkCheckResult,
  backlink: string,
): Promise<HostFacts> {
  // Most checks of a run are on hosts whose network it knows already: answered without a lookup to wait for.
  const known = result.ip ? lookups.knownIpInfo(result.ip) : null;
  if (known && !lookups.asksForFigures()) return { ip_info: known, figures: null };
  let host: string | null = null;
  try {
    host = new URL(result.final_url ?? backlink).hostname;
  } catch {
    host = null;
  }
  const ip = result.ip ? (parseIpAddress(result.ip)?.text ?? result.ip) : null;
  const [ipInfo, figures] = await Promise.all([
    ip ? within<IpInfo>(HOST_FACTS_BUDGET_MS, lookups.ipInfo(ip), { ip }) : Promise.resolve(null),
    host ? within(HOST_FACTS_BUDGET_MS, lookups.domainFigures(host), null) : Promise.resolve(null),
  ]);
  return { ip_info: ipInfo, figures };
}

/** Runs whose lookups are kept, per database (apps of one process never share them). */
const RUNS_KEPT = 8;
const runs = new WeakMap<object, Map<number, HostLookups>>();

/** The lookups of a run of backlinks:check, shared by its units in this process. */
export function runLookups(
  deps: Pick<AppDeps, 'db' | 'integrations'>,
  runId: number,
  log?: FastifyBaseLogger,
): HostLookups {
  let byRun = runs.get(deps.db);
  if (!byRun) {
    byRun = new Map();
    runs.set(deps.db, byRun);
  }
  let lookups = byRun.get(runId);
  if (!lookups) {
    lookups = new HostLookups(deps, log);
    byRun.set(runId, lookups);
    if (byRun.size > RUNS_KEPT) byRun.delete(byRun.keys().next().value!);
  }
  return lookups;
}
