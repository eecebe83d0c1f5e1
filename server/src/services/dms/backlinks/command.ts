import { invalid } from '../../../core/errors.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { RobotsCache } from '../../../integrations/link-check/index.js';
import { checkLedgerLink, ledgerLink, recordCheck } from './checks.js';

/** robots.txt files this process's runs share: a site's links read it once per 10 minutes, not once each. */
const robots = new RobotsCache();

/** Links checked in one run at the most (the schedule takes those checked longest ago). */
export const BACKLINK_CHECK_MAX = 20_000;

const args = [
  {
    name: 'ids',
    label: 'Backlink ids',
    kind: 'text',
    maxLength: 200_000,
    help: 'Comma-separated ids of the backlinks to check (a list selection); empty: every link still paid for, checked longest ago first',
  },
  {
    name: 'older_than_hours',
    label: 'Checked more than (hours) ago',
    kind: 'integer',
    default: 20,
    min: 0,
    max: 24 * 365,
    help: 'Without ids: only links not checked for this long',
  },
] as const;

interface CheckArgs extends JsonObject {
  ids: number[];
  older_than_hours: number;
}

/**
 * backlinks:check (daily, and the lists' bulk Check): checks each link as the check action does, one unit per
 * link, so a dead or slow page fails its own unit only. Without ids: every link that is permanent or whose
 * paid period has not ended more than 30 days ago, checked longest ago first.
 */
export const backlinksCheck = defineCommand<CheckArgs>({
  service: 'dms',
  name: 'backlinks:check',
  description: 'Check bought backlinks: presence, target, anchor, rel, robots and evidence',
  arguments: [...args],
  schedule: { cron: '15 4 * * *' },
  retry: { limit: 1, delay: 60, backoff: true },
  timeoutSeconds: 60,
  batchSize: 16,
  concurrency: 1,
  unitsPerJob: 4,
  maxJobs: BACKLINK_CHECK_MAX,
  parse(raw) {
    const a = parseArguments(args, raw) as { ids?: string | null; older_than_hours: number };
    const text = (a.ids ?? '').trim();
    const ids = text
      ? text
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number)
      : [];
    if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
      throw invalid({ ids: 'Enter backlink ids separated by commas' });
    if (ids.length > BACKLINK_CHECK_MAX)
      throw invalid({ ids: `At most ${BACKLINK_CHECK_MAX} links in one run` });
    return { ids: [...new Set(ids)], older_than_hours: a.older_than_hours };
  },
  async plan(a, { deps }) {
    const r = a.ids.length
      ? await deps.db.query<{ id: number; backlink: string }>(
          'SELECT id, backlink FROM external_backlinks WHERE id = ANY($1::bigint[]) ORDER BY id',
          [a.ids],
        )
      : await deps.db.query<{ id: number; backlink: string }>(
          `SELECT id, backlink FROM external_backlinks
            WHERE (permanent OR end_date IS NULL OR end_date > epoch_now() - 30 * 86400)
              AND (last_checked_at IS NULL OR last_checked_at < epoch_now() - $1::bigint * 3600)
            ORDER BY last_checked_at NULLS FIRST, id LIMIT $2`,
          [a.older_than_hours, BACKLINK_CHECK_MAX],
        );
    return r.rows.map((row) => ({ key: `${row.id} ${row.backlink}`, input: { id: Number(row.id) } }));
  },
  async run(unit, _run, { deps }) {
    const found = await ledgerLink(deps.db, Number(unit.input.id));
    if (!found)
      return { output: { message: `${unit.key}: deleted before its check`, status: null }, failed: true };
    const result = await checkLedgerLink(deps, found.link, robots);
    return {
      output: { message: `${found.link.backlink}: ${result.message}`, status: result.status },
      // A link found wanting is this unit's definite failure (the run lists it); unverifiable is not.
      ...(result.status !== 'ok' && result.status !== 'unverifiable' ? { failed: true } : {}),
      commit: async (tx) => {
        await recordCheck(tx, found.link, found.previous, result);
      },
    };
  },
});
