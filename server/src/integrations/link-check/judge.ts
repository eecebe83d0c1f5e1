import { createHash } from 'node:crypto';
import type { LinkCheckStatus } from '@sitefleet/shared';
import { parsePage, type PageLink, type ParsedPage } from '../html/page.js';
import { decodeText } from '../http/body.js';
import { isBotWall, linkSnippet, retryAfterSeconds, robotsDirectives } from './page-signals.js';
import type { Evidence, ExpectedLink, JudgeInput, LinkCheckResult, LinkRel, PageAnswer } from './types.js';
import { comparableSite, comparableUrl, httpUrl, siteOf, surelyOtherSite } from './urls.js';

/*
 * The judge of a link check: what a page's answer says of the bought link. Pure work on the answer (no I/O,
 * nothing shared), so bulk runs can have it done on worker threads (judge-pool.ts).
 */

/** rel tokens that stop a link passing ranking credit. */
const UNFOLLOWED_RELS = ['nofollow', 'sponsored', 'ugc'];

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

export type Finding = [LinkCheckStatus, string];

/** The result: the most serious finding gives the status and the message; none means ok with okMessage. */
export function conclude(evidence: Evidence, findings: Finding[], okMessage: string): LinkCheckResult {
  const rank = (s: LinkCheckStatus) => STATUS_PRECEDENCE.indexOf(s);
  const sorted = [...findings].sort((a, b) => rank(a[0]) - rank(b[0]));
  const [status, message] = sorted[0] ?? ['ok', okMessage];
  return { status, message, issues: sorted.length ? sorted.map((f) => f[0]) : ['ok'], ...evidence };
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
export function relProblem(
  expected: LinkRel,
  rel: string[],
  pageNofollow: 'meta' | 'header' | null,
): string | null {
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

export function anchorProblem(expected: string | null, found: string): string | null {
  if (expected === null || !expected.trim()) return null;
  if (normaliseAnchor(expected) === normaliseAnchor(found)) return null;
  return `The link's anchor is "${found}", expected "${expected.trim()}"`;
}

/** Findings from a page that answered 2xx; fills the link and page evidence. */
function judgePage(
  expected: ExpectedLink,
  page: ParsedPage,
  res: PageAnswer,
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
 * What a page that answered says of the link: its hash, whether it is a bot wall, and (a 2xx HTML page)
 * the link as found against what was bought. Pure work on the answer (no I/O), so a bulk run can have it
 * done off the event loop (PageJudge).
 */
export function judgeAnswer({ expected, answer: res, evidence }: JudgeInput): LinkCheckResult {
  const only = (status: LinkCheckStatus, message: string) => conclude(evidence, [[status, message]], message);
  evidence.http_status = res.status;
  evidence.final_url = res.url;
  evidence.ip = res.address;
  evidence.page_hash = createHash('sha256').update(res.body).digest('hex');
  if (res.status === 429 || res.status === 503)
    evidence.retry_after = retryAfterSeconds(res.headers['retry-after'], Date.now());
  const html = decodeText(res.body, res.headers['content-type']);
  // One pass over the page: its signals, its text, and only the links that may be on the target's site (a
  // page has hundreds of links, few of them there): an address plainly on another site is passed over as it
  // is read, and a full comparison is kept for the rest.
  const targetSite = siteOf(httpUrl(expected.url)!.hostname);
  const page = parsePage(html, res.url, {
    text: true,
    keepHref: (href) => !surelyOtherSite(href, targetSite),
  });
  const words = (atMost: number) => page.text?.words(atMost) ?? 0;

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

  const findings = judgePage(expected, page, res, evidence, res.truncated);
  const ok = `Link to ${expected.url} found, ${relText(evidence.found_rel)}, anchor "${evidence.found_anchor ?? ''}"`;
  return conclude(evidence, findings, ok);
}
