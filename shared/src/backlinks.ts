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
