import { createAddressPolicy } from '../http/address-policy.js';
import { systemResolver, type Resolver } from '../http/connector.js';
import { normaliseDomain } from '../rdap/name.js';
import { mergeReferral } from '../rdap/parse.js';
import { DomainNotFoundError, type DomainInfo } from '../rdap/types.js';
import { WhoisError } from './errors.js';
import { parseWhois, registrarWhoisServer } from './parse.js';
import { firstOf, parseWhoisText } from './sections.js';
import { defaultWhoisServer, IANA_WHOIS, queryFor, type WhoisServer } from './servers.js';
import { whoisExchange, type WhoisTransport } from './transport.js';

export interface WhoisClientOptions {
  /** Registry server of a TLD; null means "ask whois.iana.org". Defaults to the committed map. */
  serverFor?: (tld: string) => WhoisServer | null;
  timeoutMs?: number;
  /** Answers are cut here (default 64 KB). */
  maxBytes?: number;
  ianaServer?: WhoisServer;
  /** Where to dial a named server instead (a local relay, or a test server). */
  hostOverrides?: Record<string, { host: string; port: number }>;
  /** Outbound guard settings, as for HTTP: referrals name hosts chosen by other servers. */
  allowPrivate?: boolean;
  allowHosts?: string[];
  lookup?: Resolver;
}

/** mergeReferral, keeping a date either answer was unsure of only where the merged record still has none. */
function mergeWhois(registry: DomainInfo, registrar: DomainInfo): DomainInfo {
  const merged = mergeReferral(registry, registrar);
  const uncertain = [...(registry.uncertain ?? []), ...(registrar.uncertain ?? [])].filter(
    (u, i, all) => merged[u.field] === null && all.findIndex((o) => o.field === u.field) === i,
  );
  return { ...merged, uncertain };
}

/** WHOIS (RFC 3912) lookups: the registry's server, then the registrar's for thin registries. */
export class WhoisClient {
  private readonly transport: WhoisTransport;
  private readonly referrals = new Map<string, WhoisServer | null>();

  constructor(private readonly options: WhoisClientOptions = {}) {
    this.transport = {
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes: options.maxBytes ?? 64 * 1024,
      policy: createAddressPolicy(options),
      resolver: options.lookup ?? systemResolver,
    };
  }

  /** Sends one query and returns the raw answer. */
  async query(server: WhoisServer, query: string): Promise<string> {
    const target = this.options.hostOverrides?.[server.host.toLowerCase()] ?? server;
    return whoisExchange(target.host, target.port, query, this.transport);
  }

  /** The registry WHOIS server of a TLD: the configured map first, then IANA's "refer:" (asked once per TLD). */
  async serverFor(tld: string): Promise<WhoisServer | null> {
    const configured = (this.options.serverFor ?? defaultWhoisServer)(tld);
    if (configured) return configured;
    if (this.referrals.has(tld)) return this.referrals.get(tld) ?? null;
    const answer = await this.query(this.options.ianaServer ?? IANA_WHOIS, tld);
    const host = firstOf(parseWhoisText(answer), ['refer', 'whois'])?.toLowerCase();
    const server = host && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(host) ? { host, port: 43 } : null;
    this.referrals.set(tld, server);
    return server;
  }

  /** Throws DomainNotFoundError when the registry has no such name, WhoisError for other failures. */
  async lookupDomain(name: string): Promise<DomainInfo> {
    const domain = normaliseDomain(name);
    const server = await this.serverFor(domain.tld);
    if (!server) throw new WhoisError('no_server', `No WHOIS server is known for .${domain.tld}`);
    const text = await this.query(server, queryFor(server, domain.ascii));
    const registry = parseWhois(text, domain, server.host);
    const referral = registrarWhoisServer(text);
    if (registry.registrant || !referral || referral === server.host.toLowerCase()) return registry;
    try {
      const registrarServer = { host: referral, port: 43 };
      const detail = await this.query(registrarServer, queryFor(registrarServer, domain.ascii));
      return mergeWhois(registry, parseWhois(detail, domain, referral));
    } catch (err) {
      // The registrar's server only adds the registrant; its failure leaves the registry's answer.
      if (err instanceof WhoisError || err instanceof DomainNotFoundError) return registry;
      throw err;
    }
  }
}
