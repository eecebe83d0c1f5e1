import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STATIC_GATE_CHECK_LABELS, type StaticGateCheck } from '@sitefleet/shared';
import { parsePage } from '../../../integrations/html/page.js';
import {
  anchorProblem,
  comparableUrl,
  relProblem,
  type LinkRel,
} from '../../../integrations/link-check/index.js';
import { robotsDirectives } from '../../../integrations/link-check/page-signals.js';
import type { ExportResult, Redirect } from './crawler.js';
import { httpUrl, urlKey } from './urls.js';

/**
 * The gate a static release passes before it is published: every internal link of every page resolves to a
 * file of the release (or to its redirect map), no form of the origin's host is left in any text file, the
 * release holds at least as many pages as the sitemap lists (and every one of them), and every bought link and
 * affiliate redirect of the site is still there with the same target, anchor and rel (status for redirects).
 */

/** A bought link on a page of this site (the backlinks ledger). */
export interface BoughtLink {
  id: number;
  backlink: string;
  url: string;
  anchor: string | null;
  rel: LinkRel;
}

/** An affiliate redirect of this site. */
export interface AffiliateRedirect {
  id: number;
  permalink: string;
  redirectTo: string | null;
  type: number;
}

export interface GateInput {
  crawl: ExportResult;
  /** The release's web root, where the pages holding bought links are read back. */
  webRoot: string;
  publicUrl: URL;
  /** False when WordPress answers at the public address itself: there is no origin to rewrite. */
  checkHost: boolean;
  /** Files outside the crawl (the redirect map) that still hold the origin's host. */
  hostLeft: Array<{ file: string; sample: string }>;
  sitemapPages: ReadonlySet<string>;
  sitemapProblem: string | null;
  bought: readonly BoughtLink[];
  affiliates: readonly AffiliateRedirect[];
}

export interface GateCheckResult {
  check: StaticGateCheck;
  passed: boolean;
  summary: string;
  problems: string[];
  /** What the check saw but does not hold against the release (links already broken on WordPress). */
  notes: string[];
}

export interface GateResult {
  passed: boolean;
  checks: GateCheckResult[];
  /** One line per failing check: its label and what failed (the first problems). */
  reasons: string[];
}

/** Problems listed per check at most (the count says how many there were). */
const LISTED = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function capped(problems: string[]): string[] {
  return problems.length > LISTED
    ? [...problems.slice(0, LISTED), `…and ${problems.length - LISTED} more`]
    : problems;
}

/** Whether a URL of the site is in the release: a file at its path, or a redirect for it. */
function resolves(crawl: ExportResult, url: URL): boolean {
  const key = urlKey(url);
  return crawl.redirects.has(key) || crawl.files.has(url.pathname) || crawl.redirects.has(url.pathname);
}

const linkedFrom = (pages: string[]) => {
  const where = [...new Set(pages)];
  return `linked from ${where.slice(0, 3).join(', ')}${where.length > 3 ? ` and ${where.length - 3} more pages` : ''}`;
};

/**
 * Every internal link of every page resolves in the release. A link WordPress itself answers 404 or 410 for is
 * broken on the site already: noted, not held against the copy.
 */
function internalLinks(crawl: ExportResult): GateCheckResult {
  const broken = new Map<string, string[]>();
  const gone = new Map<string, string[]>();
  // Most links repeat from page to page (navigation, style sheets): each is looked up once.
  const known = new Map<string, boolean>();
  let links = 0;
  for (const [page, refs] of crawl.pageLinks) {
    for (const href of refs) {
      links += 1;
      let ok = known.get(href);
      if (ok === undefined) {
        ok = resolves(crawl, new URL(href));
        known.set(href, ok);
      }
      if (ok) continue;
      const target = urlKey(new URL(href));
      const into = crawl.gone.has(target) ? gone : broken;
      into.set(target, [...(into.get(target) ?? []), page]);
    }
  }
  const problems = [...broken].map(
    ([target, pages]) => `${target} (${linkedFrom(pages)}) is not in the release`,
  );
  const notes = [...gone].map(
    ([target, pages]) =>
      `${target} (${linkedFrom(pages)}) answers ${crawl.gone.get(target)} on WordPress too`,
  );
  const already = gone.size ? `; ${plural(gone.size, 'link target')} broken on WordPress already` : '';
  return {
    check: 'internal_links',
    passed: broken.size === 0,
    summary: broken.size
      ? `${plural(broken.size, 'internal link target')} missing from the release${already}`
      : `${plural(links, 'internal link')} on ${plural(crawl.pageLinks.size, 'page')} resolve${already}`,
    problems: capped(problems),
    notes: capped(notes),
  };
}

function originHost(input: GateInput): GateCheckResult {
  if (!input.checkHost)
    return {
      check: 'origin_host',
      passed: true,
      summary: 'WordPress answers at the public address itself: there is no other host to rewrite',
      problems: [],
      notes: [],
    };
  const left = [...input.crawl.hostLeft, ...input.hostLeft];
  return {
    check: 'origin_host',
    passed: left.length === 0,
    summary: left.length
      ? `the origin's host is still in ${plural(left.length, 'file')}`
      : 'no form of the origin host is left in any text file',
    problems: capped(left.map((l) => `${l.file}: …${l.sample}…`)),
    notes: [],
  };
}

/** What the crawl could not read (timeouts, server errors, unusable answers): the copy would lack it. */
const crawlProblems = (crawl: ExportResult) => crawl.errors.map((e) => `${e.url}: ${e.message}`);

function pageCount(input: GateInput): GateCheckResult {
  const { crawl, sitemapPages } = input;
  const home = resolves(crawl, new URL('/', input.publicUrl));
  const unread = crawlProblems(crawl);
  const basics = [
    ...(home ? [] : ['the home page is not in the release']),
    ...(unread.length ? [`${plural(unread.length, 'URL')} of WordPress could not be read`] : []),
    ...unread,
  ];
  if (!sitemapPages.size)
    return {
      check: 'page_count',
      passed: basics.length === 0,
      summary: `${plural(crawl.pages, 'page')}; no sitemap to compare with (${input.sitemapProblem ?? 'it lists no page'})`,
      problems: capped(basics),
      notes: [],
    };
  const absent = [...sitemapPages].filter((key) => !resolves(crawl, new URL(key, input.publicUrl)));
  // A page the sitemap lists but WordPress answers 404 for is missing from the site itself.
  const gone = absent.filter((key) => crawl.gone.has(key));
  const missing = absent.filter((key) => !crawl.gone.has(key));
  const expected = sitemapPages.size - gone.length;
  const below = crawl.pages < expected;
  const problems = [
    ...(below ? [`${crawl.pages} pages in the release, ${expected} in the sitemap`] : []),
    ...missing.map((key) => `${key} is in the sitemap but not in the release`),
    ...basics,
  ];
  return {
    check: 'page_count',
    passed: problems.length === 0,
    summary: `${plural(crawl.pages, 'page')} in the release, ${plural(sitemapPages.size, 'page')} in the sitemap${missing.length ? `, ${missing.length} of them missing` : ''}`,
    problems: capped(problems),
    notes: capped(
      gone.map((key) => `${key} is in the sitemap but answers ${crawl.gone.get(key)} on WordPress`),
    ),
  };
}

async function boughtLinks(input: GateInput): Promise<GateCheckResult> {
  const problems: string[] = [];
  const pages = new Map<string, ReturnType<typeof parsePage> | null>();
  for (const link of input.bought) {
    const page = httpUrl(link.backlink);
    if (!page) {
      problems.push(`#${link.id}: the backlink ${link.backlink} is not an http(s) address`);
      continue;
    }
    const saved = input.crawl.files.get(page.pathname);
    const bought = `the bought link to ${link.url}${link.anchor ? ` ("${link.anchor}")` : ''}`;
    if (!saved?.html) {
      problems.push(`${page.pathname}, which holds ${bought}, is not a page of the release`);
      continue;
    }
    let parsed = pages.get(saved.file);
    if (parsed === undefined) {
      const html = await readFile(path.join(input.webRoot, saved.file), 'utf8');
      parsed = parsePage(html, new URL(page.pathname, input.publicUrl).href);
      pages.set(saved.file, parsed);
    }
    if (!parsed) continue;
    const wanted = comparableUrl(link.url);
    const candidates = parsed.links.filter((l) => comparableUrl(l.href) === wanted);
    if (!candidates.length) {
      problems.push(`${bought} is missing from ${page.pathname}`);
      continue;
    }
    const meta = robotsDirectives(parsed.metaRobots);
    const judged = candidates.map((l) => ({
      link: l,
      issues: [
        relProblem(link.rel, l.rel, meta.nofollow ? 'meta' : null),
        anchorProblem(link.anchor, l.anchor),
      ].filter((x): x is string => x !== null),
    }));
    const best = judged.sort((a, b) => a.issues.length - b.issues.length)[0]!;
    if (best.issues.length) problems.push(`${bought} on ${page.pathname}: ${best.issues.join('; ')}`);
  }
  return {
    check: 'bought_links',
    passed: problems.length === 0,
    summary: input.bought.length
      ? problems.length
        ? `${plural(problems.length, 'bought link')} of ${input.bought.length} not kept as bought`
        : `${plural(input.bought.length, 'bought link')} kept with their target, anchor and rel`
      : 'no bought link on this site',
    problems: capped(problems),
    notes: [],
  };
}

function affiliateRedirects(input: GateInput): GateCheckResult {
  const problems: string[] = [];
  for (const a of input.affiliates) {
    const at = httpUrl(a.permalink, input.publicUrl);
    if (!at) {
      problems.push(`#${a.id}: the permalink ${a.permalink} is not a path of the site`);
      continue;
    }
    const key = urlKey(at);
    const found: Redirect | undefined = input.crawl.redirects.get(key);
    if (!found) {
      problems.push(`${key} has no redirect in the release`);
      continue;
    }
    const target = httpUrl(found.to, input.publicUrl)?.href ?? found.to;
    if (a.redirectTo && comparableUrl(target) !== comparableUrl(a.redirectTo))
      problems.push(`${key} redirects to ${target}, not ${a.redirectTo}`);
    else if (found.status !== a.type) problems.push(`${key} redirects with ${found.status}, not ${a.type}`);
  }
  return {
    check: 'affiliate_redirects',
    passed: problems.length === 0,
    summary: input.affiliates.length
      ? problems.length
        ? `${plural(problems.length, 'affiliate redirect')} of ${input.affiliates.length} not kept`
        : `${plural(input.affiliates.length, 'affiliate redirect')} kept with their target and status`
      : 'no affiliate link on this site',
    problems: capped(problems),
    notes: [],
  };
}

/** Runs every check; the release may be published only when all pass. */
export async function runGate(input: GateInput): Promise<GateResult> {
  const checks = [
    internalLinks(input.crawl),
    originHost(input),
    pageCount(input),
    await boughtLinks(input),
    affiliateRedirects(input),
  ];
  const reasons = checks
    .filter((c) => !c.passed)
    .map((c) => {
      const first = c.problems.slice(0, 3).join('; ');
      return `${STATIC_GATE_CHECK_LABELS[c.check]}: ${c.summary}${first ? ` (${first})` : ''}`;
    });
  return { passed: reasons.length === 0, checks, reasons };
}
