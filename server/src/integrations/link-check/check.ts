import { createHash } from 'node:crypto';
import type { LinkCheckStatus } from '@sitefleet/shared';
import { parsePage, type PageLink, type ParsedPage } from '../html/page.js';
import { isOutboundError, type OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { isBotWall, linkSnippet, retryAfterSeconds, robotsDirectives } from './page-signals.js';
import { ALLOW_ALL, parseRobots, robotsAllows, userAgentToken, type RobotsTxt } from './robots.js';
import type { ExpectedLink, LinkCheckOptions, LinkCheckResult, LinkRel, RobotsStore } from './types.js';
import { comparableSite, comparableUrl, httpUrl, siteOf, surelyOtherSite } from './urls.js';

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
/** RFC 9309 §2.5 asks crawlers to read at least 500 KiB of a robots.txt. */
const ROBOTS_MAX_BYTES = 512 * 1024;
/** robots.txt gets at most this much of the check's time; a slow one counts as absent. */
const ROBOTS_TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 5;
/** The guarded client's default User-Agent is "Sitefleet/1.0". */
const DEFAULT_AGENT_TOKEN = 'sitefleet';
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** rel tokens that stop a link passing ranking credit. */
const UNFOLLOWED_RELS = ['nofollow', 'sponsored', 'ugc'];
/** Network failures that mean the site is not there (no such name, nothing listening), not a passing fault. */
const GONE_CODES: Record<string, string> = {
  ENOTFOUND: 'the host name does not exist',
  ENODATA: 'the host name has no address',
  ECONNREFUSED: 'the server refused the connection',
};

/**
 * When several statuses apply the most serious is reported; all of them are in `issues`. First what the
 * fetch decides, as nothing else can be known then: the page is gone (definite), could not be read (maybe
 * temporary), or robots.txt kept the checker out (the page is not fetched at all, see below). Then what the
 * page shows, ordered by how much of what was paid for is lost: no link at all; a link to another page of
 * the site; a rel that withholds ranking credit; a noindex page, whose links search engines stop counting;
 * a canonical elsewhere, which hands the page's signals to another URL (a hint engines may ignore); and last
 * a different anchor text, where the link still counts, only worded otherwise.
 */
export const STATUS_PRECEDENCE: readonly LinkCheckStatus[] = [
  'page_gone',
  'unverifiable',
  'blocked_by_robots',
  'link_not_found',
  'wrong_target',
  'wrong_rel',
  'noindex',
  'not_canonical',
  'wrong_anchor',
  'ok',
];

type Evidence = Omit<LinkCheckResult, 'status' | 'message' | 'issues'>;
type Finding = [LinkCheckStatus, string];

function blankEvidence(checkedAt: number): Evidence {
  return {
    http_status: null,
    final_url: null,
    ip: null,
    redirects: [],
    link_found: false,
    found_href: null,
    found_anchor: null,
    found_rel: [],
    nofollow_by: null,
    noindex: false,
    canonical: null,
    robots_allowed: true,
    has_captcha: false,
    retry_after: null,
    snippet: null,
    page_hash: null,
    checked_at: checkedAt,
  };
}

/** The result: the most serious finding gives the status and the message; none means ok with okMessage. */
function conclude(evidence: Evidence, findings: Finding[], okMessage: string): LinkCheckResult {
  const rank = (s: LinkCheckStatus) => STATUS_PRECEDENCE.indexOf(s);
  const sorted = [...findings].sort((a, b) => rank(a[0]) - rank(b[0]));
  const [status, message] = sorted[0] ?? ['ok', okMessage];
  return { status, message, issues: sorted.length ? sorted.map((f) => f[0]) : ['ok'], ...evidence };
}

/** The first error code along the cause chain (Node and undici put it a level or two down). */
function errorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A fetch that produced no answer: page_gone when the site is not there, else unverifiable. */
function fetchFailure(err: OutboundError, url: string, timeoutMs: number): Finding {
  switch (err.reason) {
    case 'blocked_address':
      return ['unverifiable', `The address of ${url} is not allowed: ${err.message}`];
    case 'timeout':
      return ['unverifiable', `${url} did not answer within ${timeoutMs / 1000} s (it may be temporary)`];
    case 'network': {
      const gone = GONE_CODES[errorCode(err) ?? ''];
      if (gone) return ['page_gone', `${url} cannot be reached: ${gone}`];
      return ['unverifiable', `${err.message} (it may be temporary)`];
    }
    default:
      return ['unverifiable', err.message];
  }
}

/** An answer other than 2xx: why the page cannot be judged. */
function answerFailure(status: number, url: string, retryAfter: number | null): Finding {
  const wait = retryAfter === null ? '' : `, retry after ${retryAfter} s`;
  if (status === 429) return ['unverifiable', `${url} is rate limiting the checker (HTTP 429${wait})`];
  if (status === 404 || status === 410) return ['page_gone', `${url} answered ${status}: the page is gone`];
  if (status >= 500) return ['unverifiable', `${url} answered ${status}${wait} (it may be temporary)`];
  return ['unverifiable', `${url} answered ${status}, the page could not be read`];
}

const normaliseAnchor = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

const relText = (rel: string[]) => {
  const tokens = rel.filter((t) => UNFOLLOWED_RELS.includes(t));
  return tokens.length ? `rel="${tokens.join(' ')}"` : 'followed';
};

/** Why the link's rel does not give what was bought, or null. A page-wide nofollow counts as nofollow. */
function relProblem(expected: LinkRel, rel: string[], pageNofollow: 'meta' | 'header' | null): string | null {
  const pageWide = pageNofollow === 'meta' ? 'meta robots' : 'X-Robots-Tag';
  if (expected === 'follow') {
    if (rel.some((t) => UNFOLLOWED_RELS.includes(t)))
      return `The link is ${relText(rel)}, expected a followed link`;
    if (pageNofollow) return `The link is nofollow through the page's ${pageWide}, expected a followed link`;
    return null;
  }
  if (rel.includes(expected) || (expected === 'nofollow' && pageNofollow)) return null;
  return `The link is ${relText(rel)}, expected rel="${expected}"`;
}

function anchorProblem(expected: string | null, found: string): string | null {
  if (expected === null || !expected.trim()) return null;
  if (normaliseAnchor(expected) === normaliseAnchor(found)) return null;
  return `The link's anchor is "${found}", expected "${expected.trim()}"`;
}

type Load =
  | { kind: 'answer'; res: SafeResponse; redirects: string[] }
  | { kind: 'blocked'; url: string; redirects: string[] }
  | { kind: 'failed'; finding: Finding; redirects: string[] };

/** One check: robots.txt per origin visited, redirects followed by hand so each hop is checked against it. */
class LinkCheck {
  private readonly deadline: number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly token: string;
  private readonly headers: Record<string, string>;
  private readonly robots = new Map<string, Promise<RobotsTxt>>();
  private readonly shared: RobotsStore | undefined;

  constructor(
    private readonly fetch: SafeFetch,
    options: LinkCheckOptions,
    started: number,
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.deadline = started + this.timeoutMs;
    this.token = options.userAgent
      ? userAgentToken(options.userAgent) || DEFAULT_AGENT_TOKEN
      : DEFAULT_AGENT_TOKEN;
    this.headers = options.userAgent ? { 'user-agent': options.userAgent } : {};
    this.shared = options.robots;
  }

  private remaining(): number {
    return Math.max(1, this.deadline - Date.now());
  }

  /** The origin's robots.txt; absent, failing or unreadable means everything is allowed (see checkLink). */
  private robotsOf(origin: string): Promise<RobotsTxt> {
    let robots = this.robots.get(origin);
    if (!robots) {
      robots = this.shared ? this.shared.get(origin, () => this.readRobots(origin)) : this.readRobots(origin);
      this.robots.set(origin, robots);
    }
    return robots;
  }

  private readRobots(origin: string): Promise<RobotsTxt> {
    return this.fetch(`${origin}/robots.txt`, {
      timeoutMs: Math.min(this.remaining(), ROBOTS_TIMEOUT_MS),
      maxBytes: ROBOTS_MAX_BYTES,
      truncateBody: true,
      accept: 'text/plain,*/*;q=0.5',
      headers: this.headers,
    }).then(
      (res) => (res.status >= 200 && res.status < 300 ? parseRobots(res.text()) : ALLOW_ALL),
      () => ALLOW_ALL,
    );
  }

  async load(first: URL): Promise<Load> {
    const redirects: string[] = [];
    let url = first;
    for (;;) {
      if (!robotsAllows(await this.robotsOf(url.origin), this.token, url))
        return { kind: 'blocked', url: url.href, redirects };
      let res: SafeResponse;
      try {
        res = await this.fetch(url.href, {
          timeoutMs: this.remaining(),
          maxBytes: this.maxBytes,
          truncateBody: true,
          maxRedirects: 0,
          accept: HTML_ACCEPT,
          headers: this.headers,
        });
      } catch (err) {
        if (!isOutboundError(err)) throw err;
        return { kind: 'failed', finding: fetchFailure(err, url.href, this.timeoutMs), redirects };
      }
      const location = res.headers.location;
      if (!REDIRECT_STATUSES.has(res.status) || !location) return { kind: 'answer', res, redirects };
      redirects.push(url.href);
      const next = httpUrl(location, url);
      if (!next)
        return {
          kind: 'failed',
          finding: ['unverifiable', `${url.href} redirects to an invalid address`],
          redirects,
        };
      if (redirects.length > MAX_REDIRECTS)
        return {
          kind: 'failed',
          finding: ['unverifiable', `Stopped after ${MAX_REDIRECTS} redirects`],
          redirects,
        };
      url = next;
    }
  }

  /** Whether the body may have been cut at the byte cap. */
  truncated(res: SafeResponse): boolean {
    return res.body.length >= this.maxBytes;
  }
}

/** Findings from a page that answered 2xx; fills the link and page evidence. */
function judgePage(
  expected: ExpectedLink,
  page: ParsedPage,
  res: SafeResponse,
  evidence: Evidence,
  truncated: boolean,
): Finding[] {
  const meta = robotsDirectives(page.metaRobots);
  const header = robotsDirectives(res.headers['x-robots-tag']);
  evidence.nofollow_by = meta.nofollow ? 'meta' : header.nofollow ? 'header' : null;
  evidence.noindex = meta.noindex || header.noindex;
  evidence.canonical = page.canonical;

  const linkFindings = (link: PageLink): Finding[] => {
    const rel = relProblem(expected.rel, link.rel, evidence.nofollow_by);
    const anchor = anchorProblem(expected.anchor, link.anchor);
    const found: Finding[] = [];
    if (rel) found.push(['wrong_rel', rel]);
    if (anchor) found.push(['wrong_anchor', anchor]);
    return found;
  };
  // Of several links to the target, the one closest to what was bought is judged. The page was read keeping
  // only links that may be on the target's site (see checkLink).
  const wanted = comparableUrl(expected.url);
  const candidates = page.links;
  let exact: { link: PageLink; findings: Finding[] } | null = null;
  for (const link of candidates) {
    if (comparableUrl(link.href) !== wanted) continue;
    const findings = linkFindings(link);
    if (!exact || findings.length < exact.findings.length) exact = { link, findings };
  }
  const site = comparableSite(expected.url);
  const judged = exact?.link ?? candidates.find((l) => comparableSite(l.href) === site) ?? null;
  if (judged) {
    evidence.found_href = judged.href;
    evidence.found_anchor = judged.anchor;
    evidence.found_rel = judged.rel;
    evidence.snippet = page.text ? linkSnippet(page.text, judged) : null;
  }
  evidence.link_found = exact !== null;

  const findings: Finding[] = [];
  if (exact) findings.push(...exact.findings);
  else if (truncated)
    findings.push([
      'unverifiable',
      `No link to ${expected.url} in the first ${res.body.length} bytes of the page; the rest was not read`,
    ]);
  else if (judged)
    findings.push(['wrong_target', `The page links to ${judged.href} instead of ${expected.url}`]);
  else findings.push(['link_not_found', `No link to ${expected.url} on the page`]);

  if (evidence.noindex)
    findings.push([
      'noindex',
      `The page is noindex (${meta.noindex ? 'meta robots' : 'X-Robots-Tag header'})`,
    ]);
  if (page.canonical && comparableUrl(page.canonical) !== comparableUrl(res.url))
    findings.push(['not_canonical', `The page's canonical URL is ${page.canonical}, another address`]);
  return findings;
}

/**
 * Checks that `expected.backlink` carries a link to `expected.url` as bought, through the guarded client.
 *
 * robots.txt of each origin visited (the page's, then any redirect's) is read first; one that disallows the
 * address stops the check with blocked_by_robots before that address is fetched, so the page's state is
 * then unknown (the evidence says which address was refused). A missing, failing or slow robots.txt allows
 * everything: RFC 9309 would treat a server error as "disallow all", but a checker that reads one page now
 * and then should not report a paid link as blocked because the site's server hiccuped.
 *
 * Never throws for what the network or the site does; only a programming error escapes.
 */
export async function checkLink(
  fetch: SafeFetch,
  expected: ExpectedLink,
  options: LinkCheckOptions = {},
): Promise<LinkCheckResult> {
  const started = Date.now();
  const evidence = blankEvidence(Math.floor(started / 1000));
  const only = (status: LinkCheckStatus, message: string) => conclude(evidence, [[status, message]], message);
  const first = httpUrl(expected.backlink);
  if (!first) return only('unverifiable', `The backlink ${expected.backlink} is not an http(s) address`);
  if (!httpUrl(expected.url))
    return only('unverifiable', `The target ${expected.url} is not an http(s) address`);

  const check = new LinkCheck(fetch, options, started);
  const load = await check.load(first);
  evidence.redirects = load.redirects;
  if (load.kind === 'blocked') {
    evidence.robots_allowed = false;
    return only(
      'blocked_by_robots',
      `robots.txt disallows ${load.url} for the checker, so the page was not read`,
    );
  }
  if (load.kind === 'failed') return only(...load.finding);

  const { res } = load;
  evidence.http_status = res.status;
  evidence.final_url = res.url;
  evidence.ip = res.address;
  evidence.page_hash = createHash('sha256').update(res.body).digest('hex');
  if (res.status === 429 || res.status === 503)
    evidence.retry_after = retryAfterSeconds(res.headers['retry-after'], Date.now());
  const html = res.text();
  // One pass over the page: its signals, its text, and only the links that may be on the target's site (a
  // page has hundreds of links, few of them there): an address plainly on another site is passed over as it
  // is read, and a full comparison is kept for the rest.
  const targetSite = siteOf(httpUrl(expected.url)!.hostname);
  const page = parsePage(html, res.url, {
    text: true,
    keepHref: (href) => !surelyOtherSite(href, targetSite),
  });
  const words = () => page.text?.words() ?? 0;

  if (isBotWall({ status: res.status, headers: res.headers, html, title: page.title, words })) {
    evidence.has_captcha = true;
    return only(
      'unverifiable',
      `${res.url} shows a captcha or bot challenge (HTTP ${res.status}), the link cannot be checked`,
    );
  }
  if (res.status < 200 || res.status >= 300)
    return only(...answerFailure(res.status, res.url, evidence.retry_after));
  const type = res.headers['content-type'];
  if (type && !/html|xml/i.test(type))
    return only('unverifiable', `${res.url} is not an HTML page (${type.split(';')[0]})`);

  const findings = judgePage(expected, page, res, evidence, check.truncated(res));
  const ok = `Link to ${expected.url} found, ${relText(evidence.found_rel)}, anchor "${evidence.found_anchor ?? ''}"`;
  return conclude(evidence, findings, ok);
}
