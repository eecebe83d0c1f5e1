import type { actions, ServiceType } from '@sitefleet/shared';
import { errorMessage } from '../../../core/errors.js';
import type { RequestContext } from '../../../core/context.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { DnsError } from '../../../integrations/dns/types.js';
import { checkService, saveCheck, type ServiceTarget } from './check.js';
import { normaliseHost, normaliseServiceUrl } from './names.js';

/** The website a discovery starts from: its URL and host, and the domain its zone is. */
export interface DiscoverySite {
  id: number;
  url: string;
  hostname: string;
  domain: string;
}

/** What the DNS of the site's domain answered before any service is checked. */
export interface DiscoveryDns {
  mx: string[];
  ns: string[];
  /** CNAME targets of the CDN alias names asked about (cdn., static.), by alias. */
  cdn: Record<string, string>;
}

/** Subdomains tried over HTTP, with the type they are listed as. */
export const HTTP_SUBDOMAINS: ReadonlyArray<readonly [string, ServiceType]> = [
  ['staging', 'staging'],
  ['dev', 'staging'],
  ['mail', 'webmail'],
  ['status', 'status'],
  ['api', 'api'],
];
/** Names asked for a CNAME to a CDN. */
export const CDN_ALIASES = ['cdn', 'static'] as const;
/** The admin login tried on the site itself (WordPress's; a site without one answers 404 and is skipped). */
export const ADMIN_PATH = 'wp-admin/';

function web(type: ServiceType, url: string): ServiceTarget | null {
  const u = normaliseServiceUrl(url);
  return 'error' in u ? null : { type, location: u.url, hostname: u.host };
}

/**
 * The services a website is proposed, before they are checked: the site itself, its www alias (the www name of
 * an apex site, the apex of a www site), its admin login, the usual subdomains (with the site's scheme and
 * port), a CNAME'd CDN alias, and the domain's mail exchangers and nameservers as DNS answered them.
 * Duplicates are dropped.
 */
export function proposeServices(site: DiscoverySite, dns: DiscoveryDns): ServiceTarget[] {
  const d = site.domain;
  const base = site.url.endsWith('/') ? site.url : `${site.url}/`;
  // The other names are asked for as the site is served: same scheme, same port.
  const { protocol, port } = new URL(base);
  const at = (host: string) => `${protocol}//${host}${port ? `:${port}` : ''}/`;
  const alias = site.hostname === `www.${d}` ? d : `www.${d}`;
  const out: Array<ServiceTarget | null> = [
    web('web', base),
    alias !== site.hostname ? web('www', at(alias)) : null,
    web('admin', `${base}${ADMIN_PATH}`),
    ...HTTP_SUBDOMAINS.map(([sub, type]) => web(type, at(`${sub}.${d}`))),
    ...Object.entries(dns.cdn).map(([name, target]) => ({
      type: 'cdn' as const,
      location: name,
      hostname: target,
    })),
    ...dns.mx.map((host) => ({ type: 'mx' as const, location: d, hostname: host })),
    ...dns.ns.map((host) => ({ type: 'ns' as const, location: d, hostname: host })),
  ];
  const seen = new Set<string>();
  return out.filter((s): s is ServiceTarget => {
    if (!s) return false;
    const key = serviceKey(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const serviceKey = (s: ServiceTarget): string => `${s.type} ${s.location} ${s.hostname}`;

/** The site a discovery starts from; its domain is its portfolio domain's name, else its host without www. */
export async function discoverySite(deps: AppDeps, id: number): Promise<DiscoverySite | null> {
  const r = await deps.db.query<{ id: number; url: string; hostname: string; domain: string | null }>(
    `SELECT w.id, w.url, w.hostname, d.name AS domain
       FROM websites w LEFT JOIN domains d ON d.id = w.domain_id WHERE w.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  const hostname = row.hostname.toLowerCase();
  return {
    id: Number(row.id),
    url: row.url,
    hostname,
    domain: row.domain ?? hostname.replace(/^www\./, ''),
  };
}

/** Asks the domain's MX and NS, and the CDN aliases' CNAMEs; a question that fails proposes nothing. */
async function askDomain(deps: AppDeps, domain: string): Promise<DiscoveryDns> {
  // A site served from an address has no zone to ask.
  if (normaliseHost(domain, false) === null) return { mx: [], ns: [], cdn: {} };
  const names = async (name: string, type: 'MX' | 'NS' | 'CNAME') => {
    try {
      return (await deps.integrations.dns.lookup(name, type))
        .map((r) => r.target)
        .filter((t): t is string => !!t);
    } catch (err) {
      if (err instanceof DnsError) return [];
      throw err;
    }
  };
  const [mx, ns, ...cnames] = await Promise.all([
    names(domain, 'MX'),
    names(domain, 'NS'),
    ...CDN_ALIASES.map((a) => names(`${a}.${domain}`, 'CNAME')),
  ]);
  const cdn: Record<string, string> = {};
  CDN_ALIASES.forEach((a, i) => {
    const target = cnames[i]?.[0];
    if (target) cdn[`${a}.${domain}`] = target;
  });
  return { mx: mx ?? [], ns: ns ?? [], cdn };
}

type DiscoveredService = actions.serviceDiscovery.DiscoveredService;

export interface DiscoveryOutcome {
  added: DiscoveredService[];
  listed: DiscoveredService[];
  unanswered: DiscoveredService[];
}

const described = (s: ServiceTarget, id: number | null, message: string): DiscoveredService => ({
  id,
  type: s.type,
  location: s.location,
  hostname: s.hostname,
  message,
});

/**
 * Discovers a website's services: proposes them from its DNS, checks each one not listed yet (all at once,
 * each within its own time limits), and adds through the engine those whose check passed, with the check.
 * A proposal that does not answer is reported, not added; one that fails to be added is reported with why.
 */
export async function discoverServices(
  deps: AppDeps,
  ctx: RequestContext,
  model: ResourceModel,
  site: DiscoverySite,
): Promise<DiscoveryOutcome> {
  const proposals = proposeServices(site, await askDomain(deps, site.domain));
  const r = await deps.db.query<{ id: number; type: ServiceType; location: string; hostname: string }>(
    'SELECT id, type, location, hostname FROM service_discoveries WHERE website_id = $1',
    [site.id],
  );
  const known = new Map(r.rows.map((row) => [serviceKey(row), Number(row.id)]));
  const outcome: DiscoveryOutcome = { added: [], listed: [], unanswered: [] };
  const fresh = proposals.filter((p) => {
    const id = known.get(serviceKey(p));
    if (id !== undefined) outcome.listed.push(described(p, id, 'Already listed'));
    return id === undefined;
  });
  const checked = await Promise.all(
    fresh.map(async (p) => ({ p, result: await checkService(deps.integrations, p) })),
  );
  for (const { p, result } of checked) {
    if (!result.verified) {
      outcome.unanswered.push(described(p, null, result.message));
      continue;
    }
    try {
      const record = await deps.engine.create(ctx, model, { website_id: site.id, ...p });
      const stored = {
        id: Number(record.id),
        type: p.type,
        location: String(record.location),
        hostname: String(record.hostname),
      };
      await saveCheck(deps.db, stored, result);
      outcome.added.push(described(stored, stored.id, result.message));
    } catch (err) {
      outcome.unanswered.push(described(p, null, `Not added: ${errorMessage(err)}`));
    }
  }
  if (outcome.added.length) await deps.engine.changed(model);
  return outcome;
}
