import type { LinkCheckStatus } from '@sitefleet/shared';
import type { RobotsTxt } from './robots.js';

export const LINK_RELS = ['follow', 'nofollow', 'sponsored', 'ugc'] as const;
export type LinkRel = (typeof LINK_RELS)[number];

/** What a bought link should be: a link on `backlink` to `url`, with this anchor (null: any) and rel. */
export interface ExpectedLink {
  backlink: string;
  url: string;
  anchor: string | null;
  rel: LinkRel;
}

/** Where checks share what they read of robots.txt files (a bulk run), keyed by origin. */
export interface RobotsStore {
  get(origin: string, read: () => Promise<RobotsTxt>): Promise<RobotsTxt>;
}

/** A page's answer as the judge of a check needs it (the response, its body read). */
export interface PageAnswer {
  status: number;
  /** Final URL. */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  address: string | null;
  body: Uint8Array;
  /** The body may have been cut at the byte cap. */
  truncated: boolean;
}

/** A check's evidence before its status is concluded. */
export type Evidence = Omit<LinkCheckResult, 'status' | 'message' | 'issues'>;

export interface JudgeInput {
  expected: ExpectedLink;
  answer: PageAnswer;
  /** What the check found before the page (redirects, the time); completed by the judge. */
  evidence: Evidence;
}

/**
 * Judges a page's answer (judgeAnswer), here or elsewhere (worker threads). It may take the page's bytes
 * (answer.body) away with it: the check reads nothing of the answer once it is handed over.
 */
export type PageJudge = (input: JudgeInput) => Promise<LinkCheckResult>;

export interface LinkCheckOptions {
  /** Where the page is judged; default in this thread. */
  judge?: PageJudge;
  /** Share robots.txt files with other checks (a bulk run); without it, each check reads them afresh. */
  robots?: RobotsStore;
  /** Time for the whole check: robots.txt, every redirect and the page. Default 20 s. */
  timeoutMs?: number;
  /** Bytes of the page read at most (the rest is not downloaded). Default 2 MiB. */
  maxBytes?: number;
  /**
   * User-Agent sent with every request of the check. Its product token ("SitefleetBot" of "SitefleetBot/1.0
   * (+…)") picks the robots.txt group. When absent the client's own User-Agent is sent and the token is
   * "Sitefleet", the guarded client's default; pass the crawler's User-Agent for the two to agree.
   */
  userAgent?: string;
}

/** What one check saw. Fields the check did not get to (no page, blocked by robots.txt) are null or empty. */
export interface LinkCheckResult {
  status: LinkCheckStatus;
  /** One sentence for staff, naming what was expected and what was found. */
  message: string;
  /** Every status that applies, most serious first; `status` is the first, `[]` never happens. */
  issues: LinkCheckStatus[];
  /** The page's final HTTP status; null when no answer came. */
  http_status: number | null;
  /** The address the page was read from after redirects; null when no answer came. */
  final_url: string | null;
  /** The IP address that answered for final_url; null when no answer came. */
  ip: string | null;
  /** Addresses that answered with a redirect, in the order visited. */
  redirects: string[];
  /** A link to the expected url is on the page (whatever its anchor and rel). */
  link_found: boolean;
  /** The link judged: the one to the expected url, else (wrong_target) one to another page of its site. */
  found_href: string | null;
  found_anchor: string | null;
  /** Lower-case rel tokens of that link. */
  found_rel: string[];
  /** The whole page is nofollow by its meta robots or its X-Robots-Tag header (meta named when both). */
  nofollow_by: 'meta' | 'header' | null;
  /** The page is noindex by meta robots or X-Robots-Tag. */
  noindex: boolean;
  /** The page's canonical URL, absolute; null when it declares none. */
  canonical: string | null;
  /** robots.txt lets the checker read the page (true when there is no robots.txt or it cannot be read). */
  robots_allowed: boolean;
  /** A captcha or bot challenge stood in front of the page. */
  has_captcha: boolean;
  /** Seconds the site asked to wait (Retry-After of a 429 or 503); null when it did not say. */
  retry_after: number | null;
  /** Plain text around the link (or the wrong-target link), at most 300 characters; null without one. */
  snippet: string | null;
  /** sha256 (hex) of the page body as read; null when no body was read. */
  page_hash: string | null;
  /** Epoch seconds when the check started. */
  checked_at: number;
}

/** A change between two checks worth showing (SPEC §3 Warning, without its ids). */
export interface LinkCheckWarning {
  message: string;
  important: boolean;
  /** One row per field that changed: its value in the previous check, then in this one. */
  data: Array<{ field: string; expected: string | null; found: string | null }>;
  /** The headline change (the first row): before. */
  expected: string;
  /** The headline change: now. */
  found: string;
}
