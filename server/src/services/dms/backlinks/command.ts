import {
  parseRecordCheck,
  RECORD_CHECK_RUNNING,
  recordCheckArguments,
  type RecordCheckArgs,
} from '../../../jobs/record-checks.js';
import { defineCommand } from '../../../jobs/types.js';
import { RobotsCache } from '../../../integrations/link-check/index.js';
import { checkLedgerLink, checkWriter, LEDGER_LINK_COLUMNS, toLedgerLink } from './checks.js';
import { hostFacts, runLookups } from './host-facts.js';

/** robots.txt files this process's runs share: a site's links read it once per 10 minutes, not once each. */
const robots = new RobotsCache();

/** Links checked in one run at the most (the schedule takes those checked longest ago). */
export const BACKLINK_CHECK_MAX = 20_000;

const NOUNS = {
  one: 'backlink',
  many: 'links',
  everything: 'every link still paid for, checked longest ago first',
};

/**
 * backlinks:check (daily, and the lists' bulk Check): checks each link as the check action does, one unit per
 * link, so a dead or slow page fails its own unit only. Without ids: every link that is permanent or whose
 * paid period has not ended more than 30 days ago, checked longest ago first.
 */
export const backlinksCheck = defineCommand<RecordCheckArgs>({
  service: 'dms',
  name: 'backlinks:check',
  description: 'Check bought backlinks: presence, target, anchor, rel, robots and evidence',
  arguments: [...recordCheckArguments(NOUNS)],
  schedule: { cron: '15 4 * * *' },
  ...RECORD_CHECK_RUNNING,
  maxJobs: BACKLINK_CHECK_MAX,
  parse: (raw) => parseRecordCheck(raw, NOUNS, BACKLINK_CHECK_MAX),
  // Each unit carries its ledger row as planned (no read per link): recordChecks refuses the check of a link
  // edited since, and reads the check before it in the statement that writes this one.
  async plan(a, { deps }) {
    const r = a.ids.length
      ? await deps.db.query<Record<string, unknown>>(
          `SELECT ${LEDGER_LINK_COLUMNS} FROM external_backlinks b WHERE b.id = ANY($1::bigint[]) ORDER BY b.id`,
          [a.ids],
        )
      : await deps.db.query<Record<string, unknown>>(
          `SELECT ${LEDGER_LINK_COLUMNS} FROM external_backlinks b
            WHERE (b.permanent OR b.end_date IS NULL OR b.end_date > epoch_now() - 30 * 86400)
              AND (b.last_checked_at IS NULL OR b.last_checked_at < epoch_now() - $1::bigint * 3600)
            ORDER BY b.last_checked_at NULLS FIRST, b.id LIMIT $2`,
          [a.older_than_hours, BACKLINK_CHECK_MAX],
        );
    return r.rows.flatMap((row) => {
      const link = toLedgerLink(row);
      return link ? [{ key: `${link.id} ${link.backlink}`, input: { ...link } }] : [];
    });
  },
  async run(unit, run, { deps, log }) {
    const link = toLedgerLink(unit.input);
    if (!link) throw new Error(`${unit.key}: the unit does not carry its ledger row`);
    const result = await checkLedgerLink(deps, link, { robots });
    // The run's units share their host lookups: each network and linking domain is asked once per run.
    const facts = await hostFacts(runLookups(deps, run.id, log), result, link.backlink);
    return {
      output: { message: `${link.backlink}: ${result.message}`, status: result.status },
      // A link found wanting is this unit's definite failure (the run lists it); unverifiable is not.
      ...(result.status !== 'ok' && result.status !== 'unverifiable' ? { failed: true } : {}),
      // Written with the other links of the group that records it, in one statement.
      groupWrite: checkWriter.item({ link, result, facts }),
    };
  },
});
