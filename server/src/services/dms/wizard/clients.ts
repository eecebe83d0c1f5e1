/**
 * The launch ports (./ports.ts) over the project's clients: Namecheap for the purchase and nameservers,
 * Cloudflare for the zone and records, RunCloud for the web app, RDAP/WHOIS and DNS for the checks, and the
 * guarded HTTP client for the site's answers. Each client's failure becomes a LaunchError an operator reads;
 * a write whose answer was lost says so (`unknownOutcome`), so the step looks it up before writing again.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { AppDeps } from '../../../deps.js';
import { createSafeFetch, type SafeFetch } from '../../../integrations/http/safe-fetch.js';
import {
  parseContact,
  type NamecheapClient,
  type NamecheapContact,
} from '../../../integrations/namecheap/index.js';
import type { CloudflareClient } from '../../../integrations/cloudflare/index.js';
import type { RunCloudClient } from '../../../integrations/runcloud/index.js';
import { errorMessage } from '../../../core/errors.js';
import {
  LaunchError,
  type DnsProviderPort,
  type HostingPort,
  type LaunchPorts,
  type RegistrarPort,
} from './ports.js';

const SITE_TIMEOUT_MS = 15_000;

/** Runs a client call, turning its failure into a LaunchError (unknown outcome for the kinds that say so). */
async function call<T>(what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (err) {
    if (err instanceof LaunchError) throw err;
    const kind = err instanceof Error && 'kind' in err ? String(err.kind) : '';
    throw new LaunchError(errorMessage(err), kind === 'outcome_unknown');
  }
}

/** NAMECHEAP_CONTACT, read when a purchase needs it: a wrong one fails the purchase with the field named. */
function contactOf(config: Config): NamecheapContact {
  if (!config.namecheap.contact) {
    throw new LaunchError(
      'NAMECHEAP_CONTACT is not set: the registrant contact of new domains is needed to buy one',
    );
  }
  const parsed = parseContact(config.namecheap.contact);
  if (!parsed.contact) {
    throw new LaunchError(
      `NAMECHEAP_CONTACT: ${Object.entries(parsed.errors)
        .map(([k, v]) => `${k} ${v}`)
        .join('; ')}`,
    );
  }
  return parsed.contact;
}

export function namecheapPort(client: NamecheapClient, config: Config): RegistrarPort {
  return {
    label: 'Namecheap',
    async check(domain) {
      const [r] = await call(() => client.check([domain]));
      if (!r) throw new LaunchError(`Namecheap did not answer for ${domain}`);
      const price =
        r.premium && r.premiumRegistrationPrice !== null
          ? `${r.premiumRegistrationPrice.toFixed(2)} USD`
          : null;
      return { available: r.available, premium: r.premium, price };
    },
    async owned(domain) {
      const info = await call(() => client.getInfo(domain));
      return info ? { nameservers: info.nameservers } : null;
    },
    async buy(domain, years) {
      const registrant = contactOf(config);
      const r = await call(() => client.create({ domain, years, registrant }));
      return {
        orderId: r.orderId === null ? null : String(r.orderId),
        charged: `${r.chargedAmount.toFixed(2)} USD`,
      };
    },
    async setNameservers(domain, nameservers) {
      await call(() => client.setCustomNameservers(domain, nameservers));
    },
  };
}

export function cloudflarePort(client: CloudflareClient): DnsProviderPort {
  return {
    label: 'Cloudflare',
    async ensureZone(domain) {
      const z = await call(() => client.ensureZone(domain));
      return { id: z.id, nameServers: z.nameServers, status: z.status };
    },
    async pointTo(zoneId, domain, ip) {
      const type = ip.includes(':') ? ('AAAA' as const) : ('A' as const);
      const r = await call(() =>
        client.upsertRecords(zoneId, [
          { type, name: domain, content: ip },
          { type, name: `www.${domain}`, content: ip },
        ]),
      );
      const label = (x: { type: string; name: string; content: string }) =>
        `${x.type} ${x.name} → ${x.content}`;
      return {
        changed: [...r.created, ...r.updated].map(label),
        kept: r.unchanged.map(label),
      };
    },
  };
}

export function runcloudPort(client: RunCloudClient): HostingPort {
  return {
    label: 'RunCloud',
    async findWebapp(serverId, name) {
      const found = await call(() => client.findWebapp(serverId, name));
      return found ? { id: found.id } : null;
    },
    async createWordPress(serverId, site) {
      // WordPress's admin password is not kept: the admin (the site owner's address) sets one with WordPress's
      // "Lost your password?", and the console logs in through the companion (docs/wordpress.md).
      const secret = () => randomBytes(18).toString('base64url');
      const db = site.name.replace(/-/g, '_').slice(0, 24);
      const created = await call(() =>
        client.createWordPressWebapp(serverId, {
          name: site.name,
          domainName: site.domain,
          siteTitle: site.title,
          adminUsername: 'sitefleet-admin',
          adminPassword: secret(),
          adminEmail: site.adminEmail,
          dbName: `wp_${db}`,
          dbUser: `wp_${db}`.slice(0, 32),
          dbPassword: secret(),
        }),
      );
      return { id: created.id };
    },
  };
}

function titleOf(body: string): string | null {
  const m = /<title[^>]*>([^<]{0,300})/i.exec(body);
  return m?.[1]?.replace(/\s+/g, ' ').trim() || null;
}

/**
 * A site's home page through the guarded client; pinned to `address` (the IP just chosen, so the check does
 * not wait for DNS to spread) and to LAUNCH_CHECK_PORT when set (tests, staging).
 */
async function fetchSite(deps: AppDeps, url: string, address: string | null) {
  const { config } = deps;
  const target = new URL(url);
  if (config.launchCheckPort) target.port = String(config.launchCheckPort);
  const host = target.hostname;
  const pinned = address
    ? createSafeFetch({
        allowPrivate: config.outboundAllowPrivate,
        allowHosts: config.outboundAllowHosts,
        lookup: async (name) => (name === host ? [address] : []),
      })
    : null;
  const fetch: SafeFetch = pinned ?? deps.integrations.probeFetch;
  try {
    const r = await fetch(target.toString(), {
      timeoutMs: SITE_TIMEOUT_MS,
      maxBytes: 512 * 1024,
      truncateBody: true,
    });
    return {
      status: r.status,
      url: r.url,
      server: r.headers.server ?? null,
      title: titleOf(r.text()),
      address: r.address,
    };
  } catch (err) {
    throw new LaunchError(errorMessage(err));
  } finally {
    await pinned?.close();
  }
}

/** The ports of this deployment: a registrar, DNS provider or host that is not configured is null. */
export function launchPorts(deps: AppDeps): LaunchPorts {
  const i = deps.integrations;
  return {
    registrar: i.namecheap ? namecheapPort(i.namecheap, deps.config) : null,
    dns: i.cloudflare ? cloudflarePort(i.cloudflare) : null,
    hosting: i.runcloud ? runcloudPort(i.runcloud) : null,
    lookupDomain: (name) => call(() => i.lookupDomain(name)),
    lookupDns: (name) => call(() => i.lookupDns(name)),
    fetchSite: (url, address) => fetchSite(deps, url, address),
  };
}
