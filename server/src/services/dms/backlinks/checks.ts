import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import {
  checkLink,
  compareChecks,
  type LinkCheckResult,
  type RobotsStore,
} from '../../../integrations/link-check/index.js';
import { LOST_LINK_STATUSES, type LinkCheckStatus } from '@sitefleet/shared';
import { raiseAlert, resolveAlert } from '../../nms/alerts.js';

/** What a check needs of a ledger row. */
export interface LedgerLink {
  id: number;
  website_id: number | null;
  backlink: string;
  url: string;
  anchor: string | null;
  rel_attribute: 'follow' | 'nofollow' | 'sponsored' | 'ugc';
  permanent: boolean;
  start_date: number | null;
  end_date: number | null;
}

/** The link and the result of its last check (null before the first). */
export async function ledgerLink(
  db: Queryable,
  id: number,
): Promise<{ link: LedgerLink; previous: LinkCheckResult | null } | null> {
  const r = await db.query<LedgerLink & { previous: LinkCheckResult | null }>(
    `SELECT b.id, b.website_id, b.backlink, b.url, b.anchor, b.rel_attribute, b.permanent, b.start_date, b.end_date,
            (SELECT c.evidence FROM external_backlink_checks c WHERE c.external_backlink_id = b.id
              ORDER BY c.checked_at DESC, c.id DESC LIMIT 1) AS previous
       FROM external_backlinks b WHERE b.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { previous, ...link } = row;
  return {
    link: {
      ...link,
      id: Number(link.id),
      website_id: link.website_id === null ? null : Number(link.website_id),
      start_date: link.start_date === null ? null : Number(link.start_date),
      end_date: link.end_date === null ? null : Number(link.end_date),
    },
    previous,
  };
}

/** Fetches the linking page (through the guarded crawler client) and says what it shows. */
export function checkLedgerLink(
  deps: Pick<AppDeps, 'integrations' | 'config'>,
  link: LedgerLink,
  robots?: RobotsStore,
): Promise<LinkCheckResult> {
  return checkLink(
    deps.integrations.crawlerFetch,
    { backlink: link.backlink, url: link.url, anchor: link.anchor, rel: link.rel_attribute },
    // robots.txt is read for the crawler's own product token, the one its requests send; a bulk run shares
    // each site's file between its links, a single check reads it afresh.
    { userAgent: deps.config.crawlerUserAgent, ...(robots ? { robots } : {}) },
  );
}

const isLost = (status: LinkCheckStatus | undefined) =>
  status !== undefined && LOST_LINK_STATUSES.includes(status);

/** The key of a link's "lost in its paid period" website alert (raised once while it stays lost). */
const lostKey = (id: number) => `external-backlink:${id}:lost`;

export interface RecordedCheck {
  id: number;
  warningId: number | null;
}

/**
 * Writes a check in the caller's transaction: its evidence, the link's status, a warning when it differs
 * from the check before (SPEC §3 Warning), and a website alert when a link that was there is lost inside its
 * paid period (resolved when it is back).
 */
export async function recordCheck(
  tx: Queryable,
  link: LedgerLink,
  previous: LinkCheckResult | null,
  result: LinkCheckResult,
): Promise<RecordedCheck> {
  const checkedAt = result.checked_at;
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO external_backlink_checks (external_backlink_id, checked_at, status, message, evidence)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [link.id, checkedAt, result.status, result.message, JSON.stringify(result)],
  );
  await tx.query(
    `UPDATE external_backlinks SET status = $2, last_checked_at = $3, has_captcha = $4 WHERE id = $1`,
    [link.id, result.status, checkedAt, result.has_captcha === true],
  );
  let warningId: number | null = null;
  const warning = compareChecks(previous, result);
  if (warning) {
    const w = await tx.query<{ id: number }>(
      `INSERT INTO external_backlink_status (external_backlink_id, message, important, data, expected, found)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        link.id,
        warning.message,
        warning.important,
        JSON.stringify({ rows: warning.data }),
        warning.expected,
        warning.found,
      ],
    );
    warningId = Number(w.rows[0]!.id);
  }
  if (link.website_id !== null) {
    const paid = link.permanent || (link.end_date !== null && link.end_date > checkedAt);
    if (isLost(result.status) && paid && !isLost(previous?.status)) {
      await raiseAlert(tx, {
        websiteId: link.website_id,
        title: 'A bought backlink is lost',
        message: `${link.backlink}: ${result.message}`,
        importance: 'high',
        link: `#/dms/api/v1/external-backlinks/${link.id}/show`,
        data: { backlink: link.backlink, url: link.url, status: result.status, evidence: result },
        key: lostKey(link.id),
      });
    } else if (result.status === 'ok' && isLost(previous?.status)) {
      await resolveAlert(tx, link.website_id, lostKey(link.id));
    }
  }
  return { id: Number(inserted.rows[0]!.id), warningId };
}

/** Checks one link now and records it: the check action's and the command's unit of work. */
export async function checkAndRecord(
  deps: Pick<AppDeps, 'integrations' | 'db' | 'config'>,
  id: number,
): Promise<{ result: LinkCheckResult; recorded: RecordedCheck } | null> {
  const found = await ledgerLink(deps.db, id);
  if (!found) return null;
  const result = await checkLedgerLink(deps, found.link);
  const recorded = await deps.db.transaction((tx) => recordCheck(tx, found.link, found.previous, result));
  return { result, recorded };
}
