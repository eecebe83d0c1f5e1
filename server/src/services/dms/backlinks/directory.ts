import {
  actions,
  REL_ATTRIBUTES,
  WEBSITE_STATUSES,
  WEBSITE_TYPES,
  type ActionResponse,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { CATEGORY_URL, readDirectoryScan, type DirectoryScan } from './directory-repository.js';

type Directory = ActionResponse<typeof actions.backlinks.websiteDirectory>['data'];
type DirectoryListing = Directory['listings'][number];
type Rel = (typeof REL_ATTRIBUTES)[number];
type Target = NonNullable<DirectoryListing['links'][number]['website']>;

/** Listings sent at most: a scan visits at most 1000 pages, so this is every listing of all but a few sites. */
export const LISTINGS_SHOWN = 1000;
const GONE = new Set([404, 410]);
const NOT_FOLLOWED = ['nofollow', 'sponsored', 'ugc'];

const host = (h: string) => h.toLowerCase().replace(/^www\./, '');
/** A URL as links and pages may both write it: host in lower case, no trailing slash, no fragment. */
function urlKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  } catch {
    return url;
  }
}

const CATEGORY = new RegExp(CATEGORY_URL, 'i');
/** A category page's first page (paged ones are the same category) and its name from the slug. */
function categoryOf(page: string): { url: string; name: string } | null {
  const root = CATEGORY.exec(page)?.[0];
  if (!root) return null;
  const slug = decodeURIComponent(root.slice(root.lastIndexOf('/') + 1));
  const words = slug.replace(/[-_+]+/g, ' ').trim();
  return { url: `${root}/`, name: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** Whether a link carries the rel: 'follow' is a link with none of nofollow, sponsored, ugc. */
export function hasRel(rel: readonly string[], wanted: Rel): boolean {
  const tokens = rel.map((r) => r.toLowerCase());
  return wanted === 'follow' ? !tokens.some((t) => NOT_FOLLOWED.includes(t)) : tokens.includes(wanted);
}

const enumOr = <T extends string>(values: readonly T[], v: string | null, fallback: T): T =>
  values.find((x) => x === v) ?? fallback;

/**
 * The Directory tab's answer from the scan's rows: each listing page with its categories and outbound links
 * (a link to a site of the portfolio names it), the counts over every listing, and the listings the filters
 * keep (a listing stays when one of its links matches both).
 */
export function directoryReport(
  scan: DirectoryScan,
  isDirectory: boolean,
  filter: { target_website_id?: number; rel?: Rel },
): Directory {
  const categories = new Map<string, Map<string, { url: string; name: string }>>();
  for (const c of scan.categoryLinks) {
    const category = categoryOf(c.page);
    if (!category) continue;
    const key = urlKey(c.backlink);
    const of = categories.get(key) ?? new Map<string, { url: string; name: string }>();
    of.set(category.url, category);
    categories.set(key, of);
  }
  const linksOf = new Map<string, DirectoryListing['links']>();
  for (const l of scan.links) {
    const website: Target | null =
      l.website_id === null
        ? null
        : {
            id: l.website_id,
            hostname: l.hostname ?? '',
            friendly_name: l.friendly_name,
            type: enumOr(WEBSITE_TYPES, l.type, 'THIRD_PARTY'),
            status: enumOr(WEBSITE_STATUSES, l.status, 'LIVE'),
          };
    const list = linksOf.get(l.page) ?? [];
    list.push({
      url: l.backlink,
      target_host: l.target_host,
      anchor: l.anchor,
      rel: l.rel,
      hits: l.hits,
      website,
    });
    linksOf.set(l.page, list);
  }
  const listings: DirectoryListing[] = scan.pages.map((p) => ({
    ...p,
    categories: [...(categories.get(urlKey(p.url))?.values() ?? [])].sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
    links: linksOf.get(p.url) ?? [],
  }));

  const sites = new Map<number, Directory['portfolio_sites'][number]>();
  const external = new Set<string>();
  for (const listing of listings) {
    const linked = new Set<number>();
    for (const l of listing.links) {
      if (!l.website) {
        external.add(host(l.target_host));
        continue;
      }
      if (linked.has(l.website.id)) continue;
      linked.add(l.website.id);
      const site = sites.get(l.website.id) ?? { ...l.website, listings: 0 };
      site.listings += 1;
      sites.set(l.website.id, site);
    }
  }
  const kept = listings.filter(
    (listing) =>
      (filter.target_website_id === undefined && filter.rel === undefined) ||
      listing.links.some(
        (l) =>
          (filter.target_website_id === undefined || l.website?.id === filter.target_website_id) &&
          (filter.rel === undefined || hasRel(l.rel, filter.rel)),
      ),
  );
  return {
    is_directory: isDirectory,
    last_scanned_at: scan.lastScannedAt,
    counts: {
      listings: listings.length,
      portfolio_sites: sites.size,
      external_targets: external.size,
      gone: listings.filter((l) => l.status !== null && GONE.has(l.status)).length,
    },
    portfolio_sites: [...sites.values()].sort(
      (a, b) => b.listings - a.listings || a.hostname.localeCompare(b.hostname),
    ),
    listings: kept.slice(0, LISTINGS_SHOWN),
    truncated: kept.length > LISTINGS_SHOWN,
  };
}

/**
 * GET /websites/{id}/directory (the website show's Directory tab): reads the website under the websites'
 * access rule (a site the user may not see is a 404), then its last scan's listings.
 */
export function registerDirectoryActions(app: FastifyInstance, websites: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  registerAction(app, actions.backlinks.websiteDirectory, {
    handler: async ({ params, query, ctx }) => {
      const site = await engine.getOne(ctx, websites, Number(params.id));
      const id = Number(site.id);
      const scan = await readDirectoryScan(ctx.db, id, engine.visibleIds(ctx, websites));
      return { data: directoryReport(scan, site.type === 'DIRECTORY', query) };
    },
  });
}
