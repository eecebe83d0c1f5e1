import type { SeedWriter } from '../../../core/seed.js';
import { Clock, type Run, type Runs, simulate, unit, type Unit } from '../../../jobs/seed/runs.js';
import { DAY, type Rng } from '../../../seed/random.js';
import { shuffled, type Site } from './portfolio.js';
import type { SitePage } from './site-content.js';
import { scanSite, type LinkRow } from './site-scan.js';

/** Days back the console's runs (checkers, scans) go. */
export const RUN_DAYS = 30;
const SCANNED_SITES: Array<[string, number]> = [
  ['MONEY', 5],
  ['LINK', 6],
];
const RECENT_SCANS = 5;

/** A page as the scanner recorded it. */
export interface ScannedPage {
  site: Site;
  url: string;
  page: SitePage | null;
  status: number | null;
  error: string | null;
  links: LinkRow[];
  /** Paragraphs the keyword checker may find footprints in. */
  notes: string[];
  unit: Unit;
  run: Run | null;
}

/** Seeds pages, links and the websites:scan runs of the scanned sites (the older scans' runs are pruned). */
export function seedScans(rng: Rng, clock: Clock, runs: Runs, sites: Site[], staff: number[]) {
  const money = sites.filter((s) => s.type === 'MONEY');
  const def = runs.def('dms', 'websites:scan');
  const chosen: Site[] = [];
  for (const [type, count] of SCANNED_SITES) {
    const live = sites.filter((s) => s.type === type && s.status === 'LIVE');
    chosen.push(...rng.some(live, Math.min(count, live.length), Math.min(count, live.length)));
  }
  // Every directory site, whatever its status now (it was scanned while it answered): its Directory tab lists
  // the listings it carries.
  chosen.push(...sites.filter((s) => s.type === 'DIRECTORY'));
  // Sites younger than the older scans were scanned recently whatever the draw.
  const recent = new Set(chosen.filter((s) => s.created > clock.now - 120 * DAY));
  for (const s of shuffled(rng, chosen)) if (recent.size < RECENT_SCANS) recent.add(s);
  let scans = 0;
  const out: ScannedPage[] = [];
  // One money site has a redirect without a target, one directory a redirect loop.
  const odd301 = chosen.find((s) => s.type === 'MONEY');
  const oddLoop = chosen.find((s) => s.type === 'DIRECTORY');
  for (const site of chosen) {
    const scan = scanSite(site, money, { broken301: site === odd301, loop: site === oddLoop });
    const origin = `https://${site.host}`;
    const pageUnits: ScannedPage[] = scan.pages.map(({ page, links, notes }) => {
      const url = `${origin}${page.path}`;
      const internal = links.filter((l) => l.internal).length;
      return {
        site,
        url,
        page,
        status: 200,
        error: null,
        links,
        notes,
        run: null,
        unit: unit(
          url,
          {
            message: `200 ${page.title}: ${internal} internal, ${links.length - internal} outbound links`,
            url,
            status: 200,
          },
          { seconds: 0.3 + rng.next() * 1.6, attempts: rng.chance(0.03) ? 2 : 1 },
        ),
      };
    });
    for (const d of scan.dead) {
      const url = `${origin}${d.path}`;
      pageUnits.push({
        site,
        url,
        page: null,
        status: d.status,
        error: d.error(url),
        links: [],
        notes: [],
        run: null,
        unit: unit(url, { message: d.error(url), url }, { failed: true, seconds: 0.2 + rng.next() }),
      });
    }
    const listed = pageUnits.filter((p) => p.status === 200).length;
    const sitemaps =
      site.type === 'MONEY'
        ? ['sitemap_index.xml', 'page-sitemap.xml', 'post-sitemap.xml']
        : site.type === 'DIRECTORY'
          ? ['sitemap.xml', 'sitemap-listings.xml']
          : ['sitemap.xml'];
    const sitemap = unit(
      'sitemap',
      {
        message: `Sitemap: ${listed} pages listed in ${sitemaps.length} sitemap${sitemaps.length > 1 ? 's' : ''}`,
        sitemaps: sitemaps.map((s) => `${origin}/${s}`),
      },
      { seconds: 1.5 + rng.next() * 2 },
    );
    const args = { website_id: site.id, max_pages: 200, url: site.url };
    if (recent.has(site)) {
      const start = clock.office(rng, 2 + Math.round((scans++ * (RUN_DAYS - 5)) / recent.size), 9, 17);
      const run = runs.add(
        def,
        start,
        args,
        [[sitemap, pageUnits[0]!.unit], pageUnits.slice(1).map((p) => p.unit)],
        {
          trigger: 'console',
          user: rng.pick(staff),
        },
      );
      for (const p of pageUnits) p.run = run;
    } else {
      // An older scan, its run long pruned: only the pages remain.
      const age = Math.floor((clock.now - site.created) / DAY);
      const start = clock.office(rng, rng.int(95, Math.max(96, Math.min(200, age - 5))));
      const listedAt = simulate(def, [sitemap, pageUnits[0]!.unit], start + 1);
      simulate(
        def,
        pageUnits.slice(1).map((p) => p.unit),
        listedAt,
      );
    }
    out.push(...pageUnits);
  }
  return out;
}

/** The scanned pages and the links found on them, dated when the scan recorded each page. */
export async function writeScans(records: SeedWriter, scanned: ScannedPage[]): Promise<void> {
  await records.insert(
    'website-pages',
    scanned.map((p) => {
      const internal = p.links.filter((l) => l.internal).length;
      return {
        website_id: p.site.id,
        url: p.url,
        status: p.status,
        title: p.page?.title ?? null,
        internal_links: internal,
        outbound_links: p.links.length - internal,
        error: p.error,
        scanned_at: p.unit.finishedAt,
        cron_run_id: p.run?.id ?? null,
        created_at: p.unit.finishedAt,
        updated_at: p.unit.finishedAt,
      };
    }),
  );
  await records.insert(
    'website-links',
    scanned.flatMap((p) =>
      p.links.map((l) => ({
        ...l,
        website_id: p.site.id,
        page: p.url,
        scanned_at: p.unit.finishedAt,
        created_at: p.unit.finishedAt,
        updated_at: p.unit.finishedAt,
      })),
    ),
  );
}
