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
import { GroupWriter } from '../../../jobs/types.js';

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

/** A check to record: the link as the check read it, what it found, and what its host's lookups learnt. */
export interface CheckToRecord {
  link: LedgerLink;
  result: LinkCheckResult;
  facts?: HostFacts;
}

/** One check's outcome: recorded (with its ids), or refused and why (nothing of it was written). */
export type CheckRecording = RecordedCheck | { refused: string };

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
  const [done] = await recordChecks(tx, [{ link, result, facts }]);
  if (!done || 'refused' in done) throw new Error(done?.refused ?? 'The check was not recorded');
  return done;
}

/**
 * Writes checks as recordCheck does, many in one statement (a bulk run's group): each check's previous
 * check and its link's values are read, and only the checks of links neither deleted nor edited since are
 * written; a refused check writes nothing and answers why. A link checked twice in the call is written in
 * order, one statement for each.
 */
export async function recordChecks(tx: Queryable, checks: CheckToRecord[]): Promise<CheckRecording[]> {
  const out = new Array<CheckRecording>(checks.length);
  // Rounds of distinct links: one statement may not change a link's row twice.
  let rest = checks.map((check, at) => ({ check, at }));
  while (rest.length) {
    const seen = new Set<number>();
    const round = rest.filter(({ check }) => !seen.has(check.link.id) && seen.add(check.link.id));
    rest = rest.filter((c) => !round.includes(c));
    const done = await recordRound(
      tx,
      round.map((r) => r.check),
    );
    round.forEach((r, i) => (out[r.at] = done[i]!));
  }
  return out;
}

async function recordRound(tx: Queryable, checks: CheckToRecord[]): Promise<CheckRecording[]> {
  const rows = checks.map(({ link, result, facts = NO_FACTS }, ord) => ({
    ord,
    id: link.id,
    checked_at: result.checked_at,
    status: result.status,
    message: result.message,
    evidence: result,
    has_captcha: result.has_captcha === true,
    ip_info: facts.ip_info ?? null,
    domain_rating: facts.figures?.domain_rating ?? null,
    referring_domains: facts.figures?.referring_domains ?? null,
    backlink: link.backlink,
    url: link.url,
    anchor: link.anchor,
    rel_attribute: link.rel_attribute,
  }));
  // One statement: each check before this one and each link's values (both as they were before it), and
  // for the links as the checks read them, the checks and the links' new state.
  const written = await tx.query<{
    id: string | number | null;
    previous: LinkCheckResult | null;
    now: Record<string, unknown> | null;
  }>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(ord integer, id bigint, checked_at bigint, status text,
         message text, evidence jsonb, has_captcha boolean, ip_info jsonb, domain_rating numeric,
         referring_domains integer, backlink text, url text, anchor text, rel_attribute text)
     ), l AS (
       SELECT x.ord, x.id, jsonb_build_object('backlink', b.backlink, 'url', b.url, 'anchor', b.anchor,
                'rel_attribute', b.rel_attribute) AS now,
              (b.backlink, b.url, b.anchor, b.rel_attribute)
                IS NOT DISTINCT FROM (x.backlink, x.url, x.anchor, x.rel_attribute) AS same
         FROM x JOIN external_backlinks b ON b.id = x.id
     ), ok AS (
       SELECT x.* FROM x JOIN l ON l.ord = x.ord WHERE l.same
     ), p AS (
       SELECT ok.ord, (SELECT c.evidence FROM external_backlink_checks c WHERE c.external_backlink_id = ok.id
                        ORDER BY c.checked_at DESC, c.id DESC LIMIT 1) AS evidence
         FROM ok
     ), c AS (
       INSERT INTO external_backlink_checks (external_backlink_id, checked_at, status, message, evidence)
       SELECT ok.id, ok.checked_at, ok.status, ok.message, ok.evidence FROM ok ORDER BY ok.ord
       RETURNING id, external_backlink_id
     ), u AS (
       UPDATE external_backlinks b
          SET status = ok.status, last_checked_at = ok.checked_at, has_captcha = ok.has_captcha,
              ip_info = coalesce(ok.ip_info, b.ip_info), domain_rating = coalesce(ok.domain_rating, b.domain_rating),
              referring_domains = coalesce(ok.referring_domains, b.referring_domains)
         FROM ok WHERE b.id = ok.id
     )
     SELECT (SELECT c.id FROM c WHERE c.external_backlink_id = x.id) AS id, p.evidence AS previous, l.now
       FROM x LEFT JOIN l ON l.ord = x.ord LEFT JOIN p ON p.ord = x.ord ORDER BY x.ord`,
    [JSON.stringify(rows)],
    // Kept parsed on the connection: a bulk run sends it once per group, planning it each time otherwise.
    { prepare: true },
  );
  const out: CheckRecording[] = [];
  const warned: Array<{
    at: number;
    link: LedgerLink;
    warning: NonNullable<ReturnType<typeof compareChecks>>;
  }> = [];
  for (const [at, { link, result }] of checks.entries()) {
    const row = written.rows[at]!;
    if (row.now === null) {
      out.push({ refused: `The backlink ${link.id} was deleted during its check` });
      continue;
    }
    const edited = EXPECTED_FIELDS.filter((f) => row.now![f] !== link[f]);
    if (edited.length || row.id === null) {
      out.push({
        refused: `The backlink was edited during its check (${edited.join(', ')}); check it again`,
      });
      continue;
    }
    out.push({ id: Number(row.id), warningId: null });
    const warning = compareChecks(row.previous, result);
    if (warning) warned.push({ at, link, warning });
    await alertOnLoss(tx, link, result, row.previous);
  }
  if (warned.length) {
    const w = await tx.query<{ id: string | number; external_backlink_id: string | number }>(
      `INSERT INTO external_backlink_status (external_backlink_id, message, important, data, expected, found)
       SELECT x.id, x.message, x.important, x.data, x.expected, x.found
         FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, message text, important boolean, data jsonb,
           expected text, found text)
       RETURNING id, external_backlink_id`,
      [
        JSON.stringify(
          warned.map(({ link, warning }) => ({
            id: link.id,
            message: warning.message,
            important: warning.important,
            data: { rows: warning.data },
            expected: warning.expected ?? null,
            found: warning.found ?? null,
          })),
        ),
      ],
      { prepare: true },
    );
    const ids = new Map(w.rows.map((r) => [Number(r.external_backlink_id), Number(r.id)]));
    for (const { at, link } of warned) {
      const done = out[at]!;
      if (!('refused' in done)) done.warningId = ids.get(link.id) ?? null;
    }
  }
  return out;
}

/** Raises the link's "lost in its paid period" alert as it goes, and resolves it as it comes back. */
async function alertOnLoss(
  tx: Queryable,
  link: LedgerLink,
  result: LinkCheckResult,
  previous: LinkCheckResult | null,
): Promise<void> {
  if (link.website_id === null) return;
  const paid = link.permanent || (link.end_date !== null && link.end_date > result.checked_at);
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

/** Records a bulk run's checks together, one statement for a recorded group's links (GroupWriter). */
export const checkWriter = new GroupWriter<CheckToRecord>(async (tx, checks) =>
  (await recordChecks(tx, checks)).map((done) => ('refused' in done ? done.refused : null)),
);

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
