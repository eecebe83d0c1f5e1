import type { LinkCheckStatus } from '@sitefleet/shared';
import { isOutboundError, type OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { conclude, judgeAnswer, type Finding } from './judge.js';
import { ALLOW_ALL, parseRobots, robotsAllows, userAgentToken, type RobotsTxt } from './robots.js';
import type {
  Evidence,
  LinkCheckOptions,
  LinkCheckResult,
  PageAnswer,
  RobotsStore,
  ExpectedLink,
} from './types.js';
import { httpUrl } from './urls.js';

export { STATUS_PRECEDENCE } from './judge.js';

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
/** Network failures that mean the site is not there (no such name, nothing listening), not a passing fault. */
const GONE_CODES: Record<string, string> = {
  ENOTFOUND: 'the host name does not exist',
  ENODATA: 'the host name has no address',
  ECONNREFUSED: 'the server refused the connection',
};

export function blankEvidence(checkedAt: number): Evidence {
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
  const answer: PageAnswer = {
    status: res.status,
    url: res.url,
    headers: res.headers,
    address: res.address,
    body: res.body,
    truncated: check.truncated(res),
  };
  return options.judge
    ? options.judge({ expected, answer, evidence })
    : judgeAnswer({ expected, answer, evidence });
}
