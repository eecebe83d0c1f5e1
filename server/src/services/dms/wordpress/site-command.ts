import type { CommandArgument } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import type { Queryable } from '../../../db/db.js';
import { WriteSet } from '../../../db/write-set.js';
import type { AppDeps } from '../../../deps.js';
import type { WordPressClient } from '../../../integrations/wordpress/index.js';
import { isWordPressError } from '../../../integrations/wordpress/index.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type CommandDef, type JsonObject, type UnitResult } from '../../../jobs/types.js';
import { siteClient } from './site-client.js';
import {
  connectedWebsites,
  connectionOf,
  connectionsOf,
  isConnection,
  saveFailure,
  type ConnectionRow,
} from './site-repository.js';

/**
 * One engine for every command that works site by site (the fleet sync, the 'update WP data' actions, the
 * plugin bulk actions): the websites come as an argument (or every connected one), each is one unit, a site
 * that is dead, slow, refuses the password or answers HTML fails its own unit with the reason (and its
 * connection records it), never the run.
 */

/** After this long a site's unit stops holding one of its worker's slots (CommandDef.setAsideAfterMs). */
export const SET_ASIDE_AFTER_MS = 1000;

/** The most sites one run takes (the fleet). */
export const MAX_SITES = 10_000;

export const websiteIdsArgument = {
  name: 'website_ids',
  label: 'Website ids',
  kind: 'string',
  default: '',
  maxLength: 200_000,
  help: 'Comma-separated website ids; empty: every website with a WordPress connection',
} as const satisfies CommandArgument;

/** The ids of a `website_ids` argument (null: all), or a field error. */
export function parseWebsiteIds(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  const bad = parts.find((p) => !/^[1-9][0-9]{0,15}$/.test(p));
  if (bad !== undefined)
    throw invalid({ 'arguments.website_ids': `"${bad.slice(0, 40)}" is not a website id` });
  return [...new Set(parts.map(Number))];
}

export interface SiteWork {
  deps: AppDeps;
  conn: ConnectionRow;
  client: WordPressClient;
  args: JsonObject;
  runId: number;
}

export interface SiteOutcome {
  message: string;
  /** Extra output for the run's detail (before/after evidence of a safe update). */
  output?: JsonObject;
  failed?: boolean;
  /**
   * Adds the site's writes (reading first what they need): one statement, run in the transaction that
   * records the site's unit.
   */
  write?: SiteWrite;
  /** Writes that need more than one statement (a website alert): after the WriteSet, in the same transaction. */
  commit?: (tx: Queryable) => Promise<void>;
  /** About how many bytes the writes hold until they run (UnitResult.heldBytes): a sync's posts. */
  heldBytes?: number;
}

export type SiteWrite = (w: WriteSet, db: Queryable) => Promise<void> | void;

export interface SiteCommandSpec {
  name: string;
  description: string;
  /** Arguments besides website_ids. */
  arguments?: CommandArgument[];
  /** Checks the extra arguments (after the declared checks); may read the database. */
  check?(args: JsonObject, deps: AppDeps): Promise<JsonObject> | JsonObject;
  work(site: SiteWork): Promise<SiteOutcome>;
  schedule?: { cron: string; arguments?: JsonObject };
  /** Seconds a site may take before its unit counts as lost (default 120). */
  timeoutSeconds?: number;
  /** Sites worked on at once per worker (default 8). */
  batchSize?: number;
  summarize?(counts: { success: number; failed: number }): string;
}

export function siteCommand(spec: SiteCommandSpec): CommandDef {
  const args = [websiteIdsArgument, ...(spec.arguments ?? [])];
  return defineCommand<JsonObject>({
    service: 'dms',
    name: spec.name,
    description: spec.description,
    arguments: args,
    // A site's failure is definite (its reason is recorded); the next run tries it again.
    retry: { limit: 0 },
    timeoutSeconds: spec.timeoutSeconds ?? 120,
    batchSize: spec.batchSize ?? 8,
    // A site still busy after a second is mostly waiting on its network (a dead or slow one waits out its
    // timeout): its slot goes to the next site, so a few dead sites do not stall the fleet.
    setAsideAfterMs: SET_ASIDE_AFTER_MS,
    // A group's commits are whole sites' data: two transactions at once let the database use two cores.
    recordLanes: 2,
    maxJobs: MAX_SITES,
    ...(spec.schedule ? { schedule: spec.schedule } : {}),
    async parse(raw, { deps }) {
      const parsed = parseArguments(args, raw);
      parseWebsiteIds(String(parsed.website_ids ?? ''));
      return spec.check ? { ...parsed, ...(await spec.check(parsed, deps)) } : parsed;
    },
    async plan(a, { deps }) {
      const ids = parseWebsiteIds(String(a.website_ids ?? ''));
      const sites = await connectedWebsites(deps.db, ids);
      if (ids) {
        const connected = new Set(sites.map((s) => s.website_id));
        const missing = ids.filter((i) => !connected.has(i));
        if (missing.length)
          throw invalid({
            'arguments.website_ids': `No WordPress connection for website ${missing.slice(0, 20).join(', ')}`,
          });
      }
      return sites.map((s) => ({
        key: `${s.hostname} #${s.website_id}`,
        input: { website_id: s.website_id },
      }));
    },
    // The connections of a batch of sites, read in one query before the sites start.
    prepare: (inputs, { deps }) =>
      connectionsOf(
        deps.db,
        inputs.map((i) => Number(i.website_id)),
      ),
    async run(unit, run, { deps }): Promise<UnitResult> {
      const websiteId = Number(unit.input.website_id);
      // Prepared for its batch (read here when it was not).
      const conn =
        isConnection(unit.prepared) && unit.prepared.website_id === websiteId
          ? unit.prepared
          : await connectionOf(deps.db, websiteId);
      if (!conn)
        return { output: { message: `${unit.key}: no longer connected to WordPress` }, failed: true };
      try {
        const outcome = await spec.work({
          deps,
          conn,
          client: siteClient(deps, conn),
          args: run.arguments,
          runId: run.id,
        });
        // The site's writes run in the transaction that records its unit, with the other sites' of the same
        // group: the site's slot goes to the next site as soon as it has answered, and the database writes
        // groups behind the network (a site's unit is done when its data is).
        const { write, commit } = outcome;
        return {
          output: { ...outcome.output, message: `${conn.hostname}: ${outcome.message}` },
          ...(outcome.failed ? { failed: true } : {}),
          ...(outcome.heldBytes ? { heldBytes: outcome.heldBytes } : {}),
          ...(write || commit
            ? {
                commit: async (tx: Queryable) => {
                  const writes = new WriteSet();
                  await write?.(writes, tx);
                  await writes.run(tx);
                  await commit?.(tx);
                },
              }
            : {}),
        };
      } catch (err) {
        if (!isWordPressError(err)) throw err;
        return {
          output: { message: err.message, kind: err.kind },
          failed: true,
          commit: (tx) => saveFailure(tx, websiteId, err.message),
        };
      }
    },
    summarize: spec.summarize ?? ((c) => `${c.success} sites done, ${c.failed} failed`),
  });
}
