/**
 * Bought backlinks (issue 18, SPEC §3 External backlink and Warning): what a link check may find, in a fixed
 * vocabulary. `unverifiable` (a captcha, a bot wall, a rate limit, a server error) is never a lost link.
 */
export const LINK_CHECK_STATUSES = [
  'ok',
  'link_not_found',
  'wrong_target',
  'wrong_anchor',
  'wrong_rel',
  'page_gone',
  'noindex',
  'not_canonical',
  'blocked_by_robots',
  'unverifiable',
] as const;
export type LinkCheckStatus = (typeof LINK_CHECK_STATUSES)[number];

/** Statuses that mean the bought link no longer does what was paid for (the Errors tab; lost in a paid period alerts). */
export const LOST_LINK_STATUSES: readonly LinkCheckStatus[] = ['link_not_found', 'wrong_target', 'page_gone'];

/** How each status reads in the console. */
export const LINK_CHECK_LABELS: Record<LinkCheckStatus, string> = {
  ok: 'OK',
  link_not_found: 'Link not found',
  wrong_target: 'Wrong target',
  wrong_anchor: 'Wrong anchor',
  wrong_rel: 'Wrong rel',
  page_gone: 'Page gone',
  noindex: 'Noindex',
  not_canonical: 'Not canonical',
  blocked_by_robots: 'Blocked by robots.txt',
  unverifiable: 'Unverifiable',
};

/** The end of a paid period: the start day plus the duration in days (SPEC §4), in epoch seconds. */
export function backlinkEndDate(startDate: number | null, durationDays: number | null): number | null {
  if (startDate === null || durationDays === null) return null;
  return startDate + durationDays * 86_400;
}

/** What a disavow entry names (SPEC §3 Disavowed domain type): a whole domain, or one URL. */
export const DISAVOW_TYPES = ['domain', 'url'] as const;
export type DisavowType = (typeof DISAVOW_TYPES)[number];

/** One entry of a disavow file in Google's format: `domain:example.com`, or the URL itself. */
export const disavowLine = (type: DisavowType, value: string): string =>
  type === 'domain' ? `domain:${value}` : value;

/**
 * A disavow file read back (Google's format: one `domain:` entry or URL per line, `#` comments): its entries.
 * Lines that are neither are returned in `invalid`, with their line numbers.
 */
export function parseDisavowFile(text: string): {
  entries: Array<{ type: DisavowType; value: string }>;
  invalid: number[];
} {
  const entries: Array<{ type: DisavowType; value: string }> = [];
  const invalid: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (line.toLowerCase().startsWith('domain:')) {
      const value = line.slice(7).trim().toLowerCase();
      if (/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(value)) entries.push({ type: 'domain', value });
      else invalid.push(i + 1);
    } else if (/^https?:\/\/\S+$/i.test(line)) entries.push({ type: 'url', value: line });
    else invalid.push(i + 1);
  });
  return { entries, invalid };
}

/** The redirects an affiliate permalink may answer with (SPEC §3 Affiliate link redirection_type). */
export const REDIRECTION_TYPES = [301, 302] as const;
export type RedirectionType = (typeof REDIRECTION_TYPES)[number];

/** The fields of an affiliate link whose changes its Changes tab lists (SPEC §2.5 "path changes"). */
export const AFFILIATE_TRACKED_FIELDS = [
  'permalink',
  'redirect_to',
  'redirection_type',
  'casino_name',
] as const;

/** A DM link's state (SPEC §3 DM link status): seen live, gone from its page, or not looked at yet. */
export const DM_LINK_STATUSES = ['live', 'lost', 'pending'] as const;
/** Where a DM link was found. */
export const DM_LINK_SOURCES = ['ahrefs', 'search-console', 'scan', 'manual'] as const;
