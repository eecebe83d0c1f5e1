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

/** The columns a check reads of a ledger row (`b` the external_backlinks row). */
export const LEDGER_LINK_COLUMNS =
  'b.id, b.website_id, b.backlink, b.url, b.anchor, b.rel_attribute, b.permanent, b.start_date, b.end_date';

const REL_VALUES: ReadonlySet<string> = new Set(['follow', 'nofollow', 'sponsored', 'ugc']);
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A ledger row as a check needs it, from a query's row or a unit's input; null when it is not one. */
export function toLedgerLink(row: Record<string, unknown>): LedgerLink | null {
  const { id, backlink, url, anchor, rel_attribute: rel, permanent } = row;
  if (typeof backlink !== 'string' || typeof url !== 'string') return null;
  if (typeof rel !== 'string' || !REL_VALUES.has(rel)) return null;
  if (anchor !== null && typeof anchor !== 'string') return null;
  const link: LedgerLink = {
    id: Number(id),
    website_id: idOrNull(row.website_id),
    backlink,
    url,
    anchor,
    rel_attribute: rel as LedgerLink['rel_attribute'],
    permanent: permanent === true,
    start_date: idOrNull(row.start_date),
    end_date: idOrNull(row.end_date),
  };
  return Number.isSafeInteger(link.id) ? link : null;
}

/** The ledger link, as it is now; null when it is gone. */
export async function ledgerLink(db: Queryable, id: number): Promise<LedgerLink | null> {
  const r = await db.query<Record<string, unknown>>(
    `SELECT ${LEDGER_LINK_COLUMNS} FROM external_backlinks b WHERE b.id = $1`,
    [id],
  );
  return r.rows[0] ? toLedgerLink(r.rows[0]) : null;
}

/** Fetches the linking page (through the guarded crawler client) and says what it shows. */
export function checkLedgerLink(
  deps: Pick<AppDeps, 'integrations' | 'config'>,
  link: LedgerLink,
  bulk?: { robots: RobotsStore },
): Promise<LinkCheckResult> {
  return checkLink(
    deps.integrations.crawlerFetch,
    { backlink: link.backlink, url: link.url, anchor: link.anchor, rel: link.rel_attribute },
    // robots.txt is read for the crawler's own product token, the one its requests send. A bulk run shares
    // each site's file between its links and has its pages judged on worker threads; a single check reads
    // robots.txt afresh and judges its page here (no thread started for one page).
    {
      userAgent: deps.config.crawlerUserAgent,
      ...(bulk ? { robots: bulk.robots, judge: deps.integrations.linkJudge } : {}),
    },
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

/** What was paid for: a check judged against other values says nothing of the link as it is now. */
const EXPECTED_FIELDS = ['backlink', 'url', 'anchor', 'rel_attribute'] as const;

/**
 * Writes a check in the caller's transaction: its evidence, the link's status and what was learnt of the
 * linking host (ip_info, Domain Rating and referring domains; each left as it was when not learnt), a warning
 * when it differs from the check before (SPEC §3 Warning), and a website alert when a link that was there is
 * lost inside its paid period (resolved when it is back). `link` is the row as the check read it (a bulk run
 * reads it when it plans its units): when the link was edited since, what was paid for changed, and the
 * check is refused (it throws, so its transaction or savepoint writes nothing) rather than recorded against
 * values the link no longer has.
 */
export async function recordCheck(
  tx: Queryable,
  link: LedgerLink,
  result: LinkCheckResult,
  facts: HostFacts = NO_FACTS,
): Promise<RecordedCheck> {
  const checkedAt = result.checked_at;
  // One statement: the check before this one and the link's values (both as they were before it), this
  // check, and the link's new state.
  const written = await tx.query<{
    id: string | number | null;
    previous: LinkCheckResult | null;
    now: Record<string, unknown> | null;
  }>(
    `WITH p AS (
       SELECT c.evidence FROM external_backlink_checks c WHERE c.external_backlink_id = $1::bigint
        ORDER BY c.checked_at DESC, c.id DESC LIMIT 1
     ), l AS (
       SELECT b.backlink, b.url, b.anchor, b.rel_attribute FROM external_backlinks b WHERE b.id = $1::bigint
     ), c AS (
       INSERT INTO external_backlink_checks (external_backlink_id, checked_at, status, message, evidence)
       SELECT $1::bigint, $2::bigint, $3::text, $4::text, $5::jsonb FROM l RETURNING id
     ), u AS (
       UPDATE external_backlinks
          SET status = $3::text, last_checked_at = $2::bigint, has_captcha = $6::boolean,
              ip_info = coalesce($7::jsonb, ip_info), domain_rating = coalesce($8::numeric, domain_rating),
              referring_domains = coalesce($9::integer, referring_domains)
        WHERE id = $1::bigint
     )
     SELECT (SELECT id FROM c) AS id, (SELECT evidence FROM p) AS previous, (SELECT to_jsonb(l) FROM l) AS now`,
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
    ],
    // Kept parsed on the connection: a bulk run sends it once per link, planning it each time otherwise.
    { prepare: true },
  );
  const row = written.rows[0]!;
  if (row.now === null || row.id === null)
    throw new Error(`The backlink ${link.id} was deleted during its check`);
  const edited = EXPECTED_FIELDS.filter((f) => row.now![f] !== link[f]);
  if (edited.length)
    throw new Error(`The backlink was edited during its check (${edited.join(', ')}); check it again`);
  const previous = row.previous;
  const warning = compareChecks(previous, result);
  let warningId: number | null = null;
  if (warning) {
    const w = await tx.query<{ id: string | number }>(
      `INSERT INTO external_backlink_status (external_backlink_id, message, important, data, expected, found)
       VALUES ($1::bigint, $2::text, $3::boolean, $4::jsonb, $5::text, $6::text) RETURNING id`,
      [
        link.id,
        warning.message,
        warning.important,
        JSON.stringify({ rows: warning.data }),
        warning.expected ?? null,
        warning.found ?? null,
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
  return { id: Number(row.id), warningId };
}

/** Checks one link now and records it, with what its host's lookups found: the check action's work. */
export async function checkAndRecord(
  deps: Pick<AppDeps, 'integrations' | 'db' | 'config'>,
  id: number,
): Promise<{ result: LinkCheckResult; recorded: RecordedCheck; facts: HostFacts } | null> {
  const link = await ledgerLink(deps.db, id);
  if (!link) return null;
  const result = await checkLedgerLink(deps, link);
  const facts = await hostFacts(new HostLookups(deps), result, link.backlink);
  const recorded = await deps.db.transaction((tx) => recordCheck(tx, link, result, facts));
  return { result, recorded, facts };
}
