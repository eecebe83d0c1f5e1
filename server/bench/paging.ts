/**
 * Paging at depth and the cost of totals, on BENCH_DOMAINS domains (default 150,000) on PGlite and
 * PostgreSQL, through the real app (inject: routing, auth, validation, serialisation included). For every
 * sortable stored column of domains: page 1; the page at 90% depth reached with the cursor of the row just
 * before it (as the console walks); the same page by a deep jump (page=n, no cursor); and the total of the
 * unfiltered list (the count part alone, with the exact count(*) it replaces beside it).
 * Writes bench-results/paging.json. Knobs: BENCH_DOMAINS, BENCH_REPS (timed requests per figure).
 */
import path from 'node:path';
import type { ListMeta } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { countTotal } from '../src/core/crud.js';
import { compileList, parseListQuery } from '../src/core/query.js';
import type { ResourceModel } from '../src/core/resource.js';
import type { Db } from '../src/db/db.js';
import { openBenchDb, type BenchDb, type DbKind } from './databases.js';
import { positive } from './env.js';
import { atMost, ceiling, type Figure } from './figures.js';
import { loadBefore, machine } from './machine.js';
import { log } from './measure.js';
import { writeJson } from './report.js';
import { seedInventory } from './seed-inventory.js';
import { adminHeaders, prepareEngine, startEngine } from './targets.js';

const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'paging.json');
const DOMAINS = positive(process.env, 'BENCH_DOMAINS', 150_000, 5_000_000);
const REPS = positive(process.env, 'BENCH_REPS', 15, 1000);
const WARMUP = 3;
const PER_PAGE = 25;
const PATH = '/dms/api/v1/domains';

interface SortResult {
  sortBy: string;
  page1Ms: number;
  cursorDeepMs: number;
  jumpDeepMs: number;
  deepPage: number;
}

interface DatabaseResult {
  kind: DbKind;
  domains: number;
  sorts: SortResult[];
  /** Server time of the total of the unfiltered list, and how it was answered. */
  totalMs: number;
  totalKind: string;
  /** The exact count(*) of the same list, as every list counted before. */
  exactCountMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median time of `run` over REPS runs after WARMUP, in ms. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

interface Page {
  data: Array<{ id: number }>;
  meta: ListMeta;
}

async function list(app: FastifyInstance, headers: Record<string, string>, query: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: PATH, query, headers });
  if (res.statusCode !== 200)
    throw new Error(`GET ${PATH} ${JSON.stringify(query)}: ${res.statusCode} ${res.body}`);
  return res.json<Page>();
}

async function benchSort(
  app: FastifyInstance,
  headers: Record<string, string>,
  sortBy: string,
): Promise<SortResult> {
  const base = { sortBy, sortOrder: 'ASC', perPage: String(PER_PAGE) };
  const deepPage = Math.max(2, Math.floor((0.9 * DOMAINS) / PER_PAGE));
  // The page before the deep one, once: its last row's cursor is where a console walking page by page stands.
  const before = await list(app, headers, { ...base, page: String(deepPage - 1) });
  const after = before.meta.cursors?.last;
  if (!after) throw new Error(`domains by ${sortBy}: no cursor on page ${deepPage - 1}`);
  const jumped = await list(app, headers, { ...base, page: String(deepPage) });
  const walked = await list(app, headers, { ...base, page: String(deepPage), after });
  const ids = (p: Page) => p.data.map((r) => r.id).join(',');
  if (ids(jumped) !== ids(walked) || walked.data.length !== PER_PAGE) {
    throw new Error(`domains by ${sortBy}: the cursor and the deep jump disagree on page ${deepPage}`);
  }
  return {
    sortBy,
    deepPage,
    page1Ms: await timed(() => list(app, headers, { ...base, page: '1' })),
    cursorDeepMs: await timed(() => list(app, headers, { ...base, page: String(deepPage), after })),
    jumpDeepMs: await timed(() => list(app, headers, { ...base, page: String(deepPage) })),
  };
}

/** The count part of the unfiltered list alone, as the engine runs it, and the exact count it replaces. */
async function benchTotal(db: Db, model: ResourceModel) {
  const q = compileList(model, parseListQuery(model, {}));
  const answer = await countTotal(db, model, q, false);
  return {
    totalKind: answer.totalKind,
    totalMs: await timed(() => countTotal(db, model, q, false)),
    exactCountMs: await timed(() => db.query('SELECT count(*) FROM domains')),
  };
}

async function benchDatabase(opened: BenchDb): Promise<DatabaseResult> {
  const { db, kind } = opened;
  log(`\n== ${kind} (${opened.where}): seeding ${DOMAINS} domains`);
  const { deps, app } = await prepareEngine(db, 'warn');
  const target = await startEngine(app);
  try {
    await seedInventory(db, 0, DOMAINS);
    // Index-only scans need the visibility map a vacuum sets (autovacuum would, in time, on PostgreSQL).
    await db.query('VACUUM (ANALYZE) domains');
    const headers = await adminHeaders(target);
    const model = deps.engine.model('domains');
    const sorts: SortResult[] = [];
    for (const sortBy of [...model.sortable].filter((c) => !model.computed[c])) {
      const r = await benchSort(app, headers, sortBy);
      log(
        `  ${sortBy.padEnd(20)} page 1 ${r.page1Ms.toFixed(2)} ms, page ${r.deepPage} by cursor ` +
          `${r.cursorDeepMs.toFixed(2)} ms (${(r.cursorDeepMs / r.page1Ms).toFixed(2)}x), by jump ` +
          `${r.jumpDeepMs.toFixed(2)} ms (${(r.jumpDeepMs / r.page1Ms).toFixed(2)}x)`,
      );
      sorts.push(r);
    }
    const total = await benchTotal(db, model);
    log(
      `  total, unfiltered: ${total.totalMs.toFixed(3)} ms (${total.totalKind}); exact count(*) ${total.exactCountMs.toFixed(2)} ms`,
    );
    return { kind, domains: DOMAINS, sorts, ...total };
  } finally {
    await app.close();
  }
}

function figuresOf(results: DatabaseResult[]): Figure[] {
  return results.flatMap((r) => [
    ...r.sorts.map((s) =>
      atMost(
        `page at 90% depth vs page 1, ${r.domains} domains by ${s.sortBy} (${r.kind})`,
        s.cursorDeepMs,
        s.page1Ms,
        'ms',
        1.5,
      ),
    ),
    ceiling(`total, unfiltered ${r.domains} domains (${r.kind})`, r.totalMs, null, 'ms', 2),
  ]);
}

function table(results: DatabaseResult[]): string {
  const rows = [['db', 'sort', 'page 1 ms', 'cursor 90% ms', 'ratio', 'jump 90% ms', 'ratio']];
  for (const r of results) {
    for (const s of r.sorts) {
      rows.push([
        r.kind,
        s.sortBy,
        s.page1Ms.toFixed(2),
        s.cursorDeepMs.toFixed(2),
        `${(s.cursorDeepMs / s.page1Ms).toFixed(2)}x`,
        s.jumpDeepMs.toFixed(2),
        `${(s.jumpDeepMs / s.page1Ms).toFixed(2)}x`,
      ]);
    }
    rows.push([
      r.kind,
      'total (unfiltered)',
      r.totalMs.toFixed(3),
      r.totalKind,
      '',
      r.exactCountMs.toFixed(2),
      '(count(*))',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

async function main(): Promise<void> {
  const m = machine();
  const load = loadBefore();
  const results: DatabaseResult[] = [];
  const skipped: Record<string, string> = {};
  for (const kind of ['pglite', 'postgres'] as const) {
    const opened = await openBenchDb(kind);
    if (typeof opened === 'string') {
      skipped[kind] = opened;
      log(`\n== ${kind}: skipped (${opened})`);
      continue;
    }
    try {
      results.push(await benchDatabase(opened));
    } finally {
      await opened.close();
    }
  }
  log(
    `\nmedian of ${REPS} requests each (after ${WARMUP} warm-up), ${PER_PAGE} rows a page\n${table(results)}\n`,
  );
  const figures = figuresOf(results);
  writeJson(RESULTS_FILE, {
    date: new Date().toISOString(),
    settings: { domains: DOMAINS, reps: REPS, perPage: PER_PAGE },
    machine: m,
    loadAverageBefore: load,
    results,
    skipped,
    figures,
  });
  log(`written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

await main();
