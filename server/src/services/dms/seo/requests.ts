import { actions, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { invalid, notFound } from '../../../core/errors.js';
import { defineServerResource } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';

/**
 * Analytics requests (SPEC §3, §7.5 show-by-href): the collect call a money site's pages make, counted per host
 * and per path, and the host list as a read-only resource.
 */

/** Reports one address may send a minute. */
const COLLECTS_PER_MINUTE = 120;
/** The longest path kept (longer ones are cut). */
const MAX_PATH = 500;

export const analyticsRequestsResource = defineServerResource({
  spec: resources.analyticsRequests,
  table: 'analytics_hosts',
});

/** The host and path of a reported page, or null when it is not an http(s) URL. */
export function pageOf(href: string): { host: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { host: url.hostname.toLowerCase(), path: decodeURI(url.pathname).slice(0, MAX_PATH) || '/' };
}

export function registerRequests(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('analytics')) return;
  const { db, engine } = deps;
  const hosts = engine.model(resources.analyticsRequests.name);

  registerAction(app, actions.seo.collectRequest, {
    perMinute: COLLECTS_PER_MINUTE,
    handler: async ({ query, request }) => {
      const page = pageOf(query.href);
      if (!page) throw invalid({ href: 'Not an http(s) address' });
      const bare = page.host.replace(/^www\./, '');
      // Only the portfolio's own sites are counted: anything else is refused before a row is written.
      const site = await db.query<{ id: number }>(
        `SELECT id FROM websites WHERE lower(hostname) IN ($1, $2) ORDER BY id LIMIT 1`,
        [bare, `www.${bare}`],
      );
      if (!site.rows[0]) throw notFound('Not a site of the portfolio');
      await db.query(
        `WITH h AS (
           INSERT INTO analytics_hosts (hostname, website_id, count, last_ip, last_seen)
           VALUES ($1, $2, 1, $3, epoch_now())
           ON CONFLICT (hostname) DO UPDATE SET count = analytics_hosts.count + 1, last_ip = EXCLUDED.last_ip,
             last_seen = EXCLUDED.last_seen, website_id = EXCLUDED.website_id
           RETURNING id)
         INSERT INTO analytics_paths (host_id, path, count, last_seen)
         SELECT h.id, $4, 1, epoch_now() FROM h
         ON CONFLICT (host_id, path) DO UPDATE SET count = analytics_paths.count + 1, last_seen = EXCLUDED.last_seen`,
        [page.host, site.rows[0].id, request.ip, page.path],
      );
      return { ok: true };
    },
  });

  registerAction(app, actions.seo.requestsByPath, {
    handler: async ({ params, ctx }) => {
      const host = await engine.getOne(ctx, hosts, Number(params.id));
      const paths = await db.query<{ path: string; count: number; last_seen: number }>(
        `SELECT path, count, last_seen FROM analytics_paths WHERE host_id = $1 ORDER BY count DESC, path LIMIT 500`,
        [host.id],
      );
      return {
        data: {
          id: Number(host.id),
          hostname: String(host.hostname),
          count: Number(host.count),
          paths: paths.rows.map((p) => ({
            path: p.path,
            count: Number(p.count),
            last_seen: Number(p.last_seen),
          })),
        },
      };
    },
  });
}
