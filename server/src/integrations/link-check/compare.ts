import { LINK_CHECK_LABELS, type LinkCheckStatus } from '@sitefleet/shared';
import type { LinkCheckResult, LinkCheckWarning } from './types.js';

type Row = LinkCheckWarning['data'][number];

/** Fields a warning lists when they changed, headline first. */
const FIELDS = [
  'status',
  'found_href',
  'found_anchor',
  'found_rel',
  'http_status',
  'final_url',
  'canonical',
  'noindex',
  'nofollow_by',
  'robots_allowed',
  'has_captcha',
] as const satisfies ReadonlyArray<keyof LinkCheckResult>;
/** What makes two ok checks differ enough to say so: the link itself (the page hash alone changes daily). */
const LINK_FIELDS: ReadonlySet<string> = new Set(['found_href', 'found_anchor', 'found_rel']);

const shown = (value: LinkCheckResult[(typeof FIELDS)[number]]): string | null =>
  value === null ? null : Array.isArray(value) ? value.join(' ') : String(value);

/** A definite problem: not ok, and not "could not tell" (unverifiable is never a lost link). */
const isProblem = (status: LinkCheckStatus) => status !== 'ok' && status !== 'unverifiable';

function warning(message: string, important: boolean, data: Row[]): LinkCheckWarning {
  const head = data[0]!;
  return { message, important, data, expected: head.expected ?? '', found: head.found ?? '' };
}

/**
 * The warning a new check raises against the one before, or null when there is nothing to say:
 * - the status changed: a warning, important when the link now has a definite problem and had none before
 *   (it was ok, or unverifiable, which says nothing about the link: a captcha day followed by a lost link
 *   is still a loss; a link broken before the captcha day may so be reported twice, which beats never);
 * - still ok but the link's href, anchor or rel changed (possible when any anchor is accepted): a warning,
 *   not important;
 * - otherwise none, so an unchanged problem is reported once.
 * The first check (no previous one) is held against what was bought, an ok link.
 */
export function compareChecks(
  previous: LinkCheckResult | null,
  current: LinkCheckResult,
): LinkCheckWarning | null {
  const label = (status: LinkCheckStatus) => LINK_CHECK_LABELS[status];
  if (previous === null) {
    if (!isProblem(current.status)) return null;
    return warning(`First check: ${label(current.status)}. ${current.message}`, true, [
      { field: 'status', expected: 'ok', found: current.status },
    ]);
  }
  const changed: Row[] = FIELDS.filter((f) => shown(previous[f]) !== shown(current[f])).map((field) => ({
    field,
    expected: shown(previous[field]),
    found: shown(current[field]),
  }));
  if (previous.status === current.status) {
    const moved = changed.filter((row) => LINK_FIELDS.has(row.field));
    if (current.status !== 'ok' || !moved.length) return null;
    const what = moved.map((row) => `${row.field} "${row.expected ?? ''}" → "${row.found ?? ''}"`).join(', ');
    return warning(`The link is still OK but changed: ${what}`, false, moved);
  }
  const important = isProblem(current.status) && !isProblem(previous.status);
  return warning(
    `Status changed from ${label(previous.status)} to ${label(current.status)}. ${current.message}`,
    important,
    changed,
  );
}
