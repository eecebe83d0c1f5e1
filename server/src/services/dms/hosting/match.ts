import type { RunCloudDomain, RunCloudServer, RunCloudWebapp } from '../../../integrations/runcloud/index.js';

/**
 * How runcloud:sync pairs Sitefleet's records with RunCloud's. Servers: an existing link that RunCloud still
 * lists, else the IP address (the main IP, then any of the server's IP records), else the name (case
 * ignored); each side is paired once. Websites: the hostname against a web app's domains, `www.` ignored on
 * both sides; a primary domain gives the web app, an alias-type domain gives the alias id (and the web app
 * when no primary matches). Whatever stays unpaired is reported as existing on one side only.
 */

export interface LocalServer {
  id: number;
  name: string;
  main_ip: string | null;
  type: string;
  runcloud_server_id: number | null;
  /** Every IP address record of the server. */
  ips: string[];
}

export type MatchedBy = 'link' | 'ip' | 'name';

export interface ServerPair {
  local: LocalServer;
  remote: RunCloudServer;
  by: MatchedBy;
}

export interface ServerMatch {
  pairs: ServerPair[];
  onlyRunCloud: RunCloudServer[];
  /** Hosting servers (or servers that were linked) RunCloud does not list. */
  onlySitefleet: LocalServer[];
}

const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** Pairs servers: link, then IP, then name; a server of either side is in one pair at most. */
export function matchServers(local: readonly LocalServer[], remote: readonly RunCloudServer[]): ServerMatch {
  const pairs: ServerPair[] = [];
  const freeLocal = new Set(local);
  const freeRemote = new Set(remote);
  const pair = (l: LocalServer, r: RunCloudServer, by: MatchedBy) => {
    pairs.push({ local: l, remote: r, by });
    freeLocal.delete(l);
    freeRemote.delete(r);
  };
  for (const l of local) {
    const r = remote.find((x) => x.id === l.runcloud_server_id);
    if (r && freeRemote.has(r)) pair(l, r, 'link');
  }
  for (const r of [...freeRemote]) {
    const ip = lower(r.ipAddress);
    if (!ip) continue;
    const candidates = [...freeLocal];
    const byMain = candidates.filter((l) => lower(l.main_ip) === ip);
    const byAny = byMain.length ? byMain : candidates.filter((l) => l.ips.some((x) => lower(x) === ip));
    // Two Sitefleet servers claiming one address: neither is picked by it (the name may still decide).
    if (byAny.length === 1) pair(byAny[0]!, r, 'ip');
  }
  for (const r of [...freeRemote]) {
    const same = [...freeLocal].filter((l) => lower(l.name) === lower(r.name));
    if (same.length === 1) pair(same[0]!, r, 'name');
  }
  return {
    pairs,
    onlyRunCloud: [...freeRemote],
    onlySitefleet: [...freeLocal].filter((l) => l.type === 'Hosting' || l.runcloud_server_id !== null),
  };
}

export interface LocalWebsite {
  id: number;
  hostname: string;
  server_id: number | null;
  runcloud_server_id: number | null;
  runcloud_webapp_id: number | null;
  runcloud_alias_id: number | null;
}

export interface RemoteWebapp {
  webapp: RunCloudWebapp;
  domains: RunCloudDomain[];
}

export interface WebsiteLink {
  website: LocalWebsite;
  webappId: number;
  /** The alias-type domain's id; null when the hostname is no alias on this server. */
  aliasId: number | null;
}

export interface WebsiteMatch {
  links: WebsiteLink[];
  /** Web apps none of whose domains is a website's hostname. */
  onlyRunCloud: RemoteWebapp[];
  /** Websites of this server (in Sitefleet) that no web app serves. */
  onlySitefleet: LocalWebsite[];
}

/** A hostname as compared: lower case, no trailing dot, no leading `www.`. */
export const hostKey = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');

/** Pairs a server's websites with its web apps by their domains. */
export function matchWebsites(
  serverId: number,
  webapps: readonly RemoteWebapp[],
  websites: readonly LocalWebsite[],
): WebsiteMatch {
  const primary = new Map<string, RemoteWebapp>();
  const alias = new Map<string, { app: RemoteWebapp; domain: RunCloudDomain }>();
  for (const app of webapps) {
    for (const d of app.domains) {
      const key = hostKey(d.name);
      if (d.type === 'primary' && !primary.has(key)) primary.set(key, app);
      if (d.type === 'alias' && !alias.has(key)) alias.set(key, { app, domain: d });
    }
  }
  const links: WebsiteLink[] = [];
  const used = new Set<RemoteWebapp>();
  const onlySitefleet: LocalWebsite[] = [];
  for (const website of websites) {
    const key = hostKey(website.hostname);
    const p = primary.get(key);
    const a = alias.get(key);
    if (!p && !a) {
      if (website.server_id === serverId) onlySitefleet.push(website);
      continue;
    }
    const app = p ?? a!.app;
    used.add(app);
    if (a) used.add(a.app);
    links.push({ website, webappId: app.webapp.id, aliasId: a ? a.domain.id : null });
  }
  return { links, onlyRunCloud: webapps.filter((w) => !used.has(w)), onlySitefleet };
}

/** The primary domain of a web app (what messages name it by), else its first domain, else its name. */
export function webappLabel(app: RemoteWebapp): string {
  const d = app.domains.find((x) => x.type === 'primary') ?? app.domains[0];
  return d ? `${app.webapp.name} (${d.name})` : app.webapp.name;
}
