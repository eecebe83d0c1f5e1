import type { WizardChoices, WizardInfo, WizardStatus, WizardStepResult } from '@sitefleet/shared';
import { conflict } from '../../../core/errors.js';
import { ident, joinSql, rawSql, sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { Outcome } from './outcome.js';

/*
 * Repository of launch drafts. Direct SQL: a draft moves only through the wizard's calls, each under the
 * optimistic version and the running marker, and its JSON parts (results, choices, outcome) are written
 * whole. Which drafts a user may move comes from the engine (`visible`, the resource's access rule).
 */

export interface DraftRow {
  id: number;
  hostname: string | null;
  status: WizardStatus;
  step: number;
  path: number[];
  last_error: string | null;
  user_id: number | null;
  website_id: number | null;
  domain_id: number | null;
  notification_id: number | null;
  info: WizardInfo;
  choices: WizardChoices;
  results: Record<string, WizardStepResult>;
  outcome: Outcome;
  running_step: number | null;
  running_since: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

const COLUMNS = sql`id, hostname, status, step, path, last_error, user_id, website_id, domain_id,
  notification_id, info, choices, results, outcome, running_step, running_since, created_at, updated_at,
  version`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function toRow(r: Record<string, unknown>): DraftRow {
  return {
    id: Number(r.id),
    hostname: (r.hostname as string | null) ?? null,
    status: r.status as WizardStatus,
    step: Number(r.step),
    path: (r.path as unknown[]).map(Number),
    last_error: (r.last_error as string | null) ?? null,
    user_id: num(r.user_id),
    website_id: num(r.website_id),
    domain_id: num(r.domain_id),
    notification_id: num(r.notification_id),
    info: json<WizardInfo>(r.info),
    choices: json<WizardChoices>(r.choices),
    results: json<Record<string, WizardStepResult>>(r.results),
    outcome: json<Outcome>(r.outcome),
    running_step: num(r.running_step),
    running_since: num(r.running_since),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    version: Number(r.version),
  };
}

async function one(db: Queryable, q: SqlFragment): Promise<DraftRow | null> {
  const { text, values } = q.query();
  const [row] = (await db.query<Record<string, unknown>>(text, values)).rows;
  return row ? toRow(row) : null;
}

export async function insertDraft(
  tx: Queryable,
  values: { info: WizardInfo; choices: WizardChoices; userId: number | null },
): Promise<DraftRow> {
  const row = await one(
    tx,
    sql`INSERT INTO website_drafts (info, choices, user_id)
        VALUES (${JSON.stringify(values.info)}::jsonb, ${JSON.stringify(values.choices)}::jsonb, ${values.userId})
        RETURNING ${COLUMNS}`,
  );
  return row!;
}

/** The draft when the user may see it (`visible`: ids under the access rule); locked with `lock`. */
export function readDraft(
  db: Queryable,
  id: number,
  visible: SqlFragment,
  lock = false,
): Promise<DraftRow | null> {
  return one(
    db,
    sql`SELECT ${COLUMNS} FROM website_drafts WHERE id = ${id} AND id IN (${visible})${lock ? rawSql(' FOR UPDATE') : rawSql('')}`,
  );
}

/** What a move changes; the version and updated_at always move with it. */
export interface DraftChange {
  hostname?: string | null;
  status?: WizardStatus;
  path?: number[];
  last_error?: string | null;
  website_id?: number | null;
  domain_id?: number | null;
  notification_id?: number | null;
  info?: WizardInfo;
  choices?: WizardChoices;
  results?: Record<string, WizardStepResult>;
  outcome?: Outcome;
  /** A step id marks it running from now; null clears the marker. */
  running_step?: number | null;
}

const JSON_COLUMNS = new Set(['info', 'choices', 'results', 'outcome']);

export async function updateDraft(tx: Queryable, id: number, change: DraftChange): Promise<DraftRow> {
  const sets: SqlFragment[] = [sql`updated_at = epoch_now()`, sql`version = version + 1`];
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const column = rawSql(ident(key));
    if (JSON_COLUMNS.has(key)) sets.push(sql`${column} = ${JSON.stringify(value)}::jsonb`);
    else if (key === 'path')
      sets.push(sql`path = ${value as number[]}::integer[], step = ${(value as number[]).at(-1)!}`);
    else if (key === 'running_step') {
      sets.push(sql`running_step = ${value as number | null}`);
      sets.push(value === null ? sql`running_since = NULL` : sql`running_since = epoch_now()`);
    } else sets.push(sql`${column} = ${value as string | number | null}`);
  }
  const row = await one(
    tx,
    sql`UPDATE website_drafts SET ${joinSql(sets, ', ')} WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  // Discarded (DELETE) while its step ran: what the step did outside stays done, and the caller hears why.
  if (!row) throw conflict(`Launch ${id} was discarded meanwhile; what its step did outside is kept`);
  return row;
}
