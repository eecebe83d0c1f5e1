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
import { hostFacts, HostLookups, type HostFacts } from './host-facts.js';

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

const NO_FACTS: HostFacts = { ip_info: null, figures: null };

/**
 * Writes a check in the caller's transaction: its evidence, the link's status and what was learnt of the
 * linking host (ip_info, Domain Rating and referring domains; each left as it was when not learnt), a warning
 * when it differs from the check before (SPEC §3 Warning), and a website alert when a link that was there is
 * lost inside its paid period (resolved when it is back).
 */
export async function recordCheck(
  tx: Queryable,
  link: LedgerLink,
  previous: LinkCheckResult | null,
  result: LinkCheckResult,
  facts: HostFacts = NO_FACTS,
): Promise<RecordedCheck> {
  const checkedAt = result.checked_at;
  const warning = compareChecks(previous, result);
  // One statement: the check, the link's new state and the warning (when there is one) go together.
  const written = await tx.query<{ id: string | number; warning_id: string | number | null }>(
    `WITH c AS (
       INSERT INTO external_backlink_checks (external_backlink_id, checked_at, status, message, evidence)
       VALUES ($1::bigint, $2::bigint, $3::text, $4::text, $5::jsonb) RETURNING id
     ), u AS (
       UPDATE external_backlinks
          SET status = $3::text, last_checked_at = $2::bigint, has_captcha = $6::boolean,
              ip_info = coalesce($7::jsonb, ip_info), domain_rating = coalesce($8::numeric, domain_rating),
              referring_domains = coalesce($9::integer, referring_domains)
        WHERE id = $1::bigint
     ), w AS (
       INSERT INTO external_backlink_status (external_backlink_id, message, important, data, expected, found)
       SELECT $1::bigint, $10::text, $11::boolean, $12::jsonb, $13::text, $14::text WHERE $10::text IS NOT NULL
       RETURNING id
     )
     SELECT (SELECT id FROM c) AS id, (SELECT id FROM w) AS warning_id`,
    [
      link.id,
      checkedAt,
      result.status,
      result.message,
      JSON.stringify(result),
      result.has_captcha === true,
      facts.ip_info ? JSON.stringify(facts.ip_info) : null,
      facts.figures?.domain_rating ?? null,
      facts.figures?.referring_domains ?? null,
      warning?.message ?? null,
      warning?.important ?? false,
      warning ? JSON.stringify({ rows: warning.data }) : null,
      warning?.expected ?? null,
      warning?.found ?? null,
    ],
  );
  const row = written.rows[0]!;
  const warningId = row.warning_id === null ? null : Number(row.warning_id);
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
  return { id: Number(row.id), warningId };
}

/** Checks one link now and records it, with what its host's lookups found: the check action's work. */
export async function checkAndRecord(
  deps: Pick<AppDeps, 'integrations' | 'db' | 'config'>,
  id: number,
): Promise<{ result: LinkCheckResult; recorded: RecordedCheck; facts: HostFacts } | null> {
  const found = await ledgerLink(deps.db, id);
  if (!found) return null;
  const result = await checkLedgerLink(deps, found.link);
  const facts = await hostFacts(new HostLookups(deps), result, found.link.backlink);
  const recorded = await deps.db.transaction((tx) =>
    recordCheck(tx, found.link, found.previous, result, facts),
  );
  return { result, recorded, facts };
}
