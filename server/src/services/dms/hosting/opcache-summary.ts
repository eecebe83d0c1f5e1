import type { actions } from '@sitefleet/shared';

type SiteOpcache = actions.hosting.SiteOpcache;
type ServerOpcache = actions.hosting.ServerOpcache;

export const NO_CONNECTED_SITE =
  'No connected WordPress site: OpCache is read through the companion of a site';

const sum = (
  pools: SiteOpcache[],
  key:
    | 'memory_used'
    | 'memory_free'
    | 'memory_wasted'
    | 'hits'
    | 'misses'
    | 'cached_scripts'
    | 'oom_restarts'
    | 'hash_restarts'
    | 'manual_restarts',
) => (pools.some((p) => p[key] !== null) ? pools.reduce((total, p) => total + (p[key] ?? 0), 0) : null);

/**
 * A server's OpCache from its sites' reads. Sites on one PHP version share that version's PHP-FPM master and
 * so its cache: the figures add up the newest read of each version whose OpCache is on, and the hit rate is
 * computed again from the summed hits and misses. `message` says why a server has no figures.
 */
export function summarizeOpcache(
  server: { id: number; name: string },
  sites: readonly SiteOpcache[],
): ServerOpcache {
  const read = sites.filter((s) => s.read_at !== null);
  const newest = new Map<string, SiteOpcache>();
  for (const s of read) {
    if (!s.enabled) continue;
    const key = s.php_version ?? '';
    const held = newest.get(key);
    if (!held || (held.read_at ?? 0) < (s.read_at ?? 0)) newest.set(key, s);
  }
  const pools = [...newest.values()];
  const hits = sum(pools, 'hits');
  const misses = sum(pools, 'misses');
  const lookups = (hits ?? 0) + (misses ?? 0);
  let message: string | null = null;
  if (!sites.length) message = NO_CONNECTED_SITE;
  else if (!read.length) {
    const failed = sites.find((s) => s.error);
    message = failed
      ? `No site answered yet: ${failed.hostname}: ${failed.error}`
      : 'Not read yet: opcache:collect reads it hourly';
  } else if (!pools.length)
    message =
      read.find((s) => s.reason)?.reason ??
      (read.some((s) => s.available) ? 'OpCache is not enabled' : 'OpCache is not available');
  return {
    server_id: server.id,
    name: server.name,
    connected_sites: sites.length,
    sites_read: read.length,
    php_versions: [...newest.keys()].filter(Boolean).sort(),
    memory_used: sum(pools, 'memory_used'),
    memory_free: sum(pools, 'memory_free'),
    memory_wasted: sum(pools, 'memory_wasted'),
    hit_rate: hits !== null && lookups > 0 ? Math.round((hits / lookups) * 10_000) / 100 : null,
    hits,
    misses,
    cached_scripts: sum(pools, 'cached_scripts'),
    oom_restarts: sum(pools, 'oom_restarts'),
    hash_restarts: sum(pools, 'hash_restarts'),
    manual_restarts: sum(pools, 'manual_restarts'),
    read_at: read.reduce<number | null>((latest, s) => Math.max(latest ?? 0, s.read_at ?? 0) || latest, null),
    message,
  };
}
