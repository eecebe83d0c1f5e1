import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DbKind } from './databases.js';
import type { LoadStats } from './load.js';
import type { Scenario } from './scenarios.js';

export const TARGET_RATIO = 0.8;

export interface RoundFigures {
  baselineRps: number;
  engineRps: number;
  ratio: number;
}

export interface ScenarioResult {
  scenario: string;
  description: string;
  query: Scenario['query'];
  /** Rows the filter matches (meta.total). */
  matching: number;
  baseline: LoadStats;
  engine: LoadStats;
  /** Engine req/s over baseline req/s, all rounds together. */
  ratio: number;
  rounds: RoundFigures[];
  belowTarget: boolean;
}

export interface DatabaseResult {
  database: DbKind;
  where: string;
  rows: number;
  seedSeconds: number;
  inventorySeedSeconds: number | null;
  import: import('./import-bench.js').ImportFigures | null;
  /** 1-minute load average just before the database's runs: above ~1, something else was busy. */
  loadBefore: number;
  scenarios: ScenarioResult[];
}

const COLUMNS = [
  'database',
  'scenario',
  'handler',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'requests',
  'failed',
];
const TEXT_COLUMNS = 3;

function fixed(n: number, digits: number): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function statsRow(db: string, scenario: string, handler: string, s: LoadStats): string[] {
  return [
    db,
    scenario,
    handler,
    fixed(s.rps, 1),
    fixed(s.p50, 2),
    fixed(s.p95, 2),
    fixed(s.p99, 2),
    String(s.requests),
    String(s.errors + s.non2xx),
  ];
}

function renderTable(rows: string[][]): string {
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < TEXT_COLUMNS ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(COLUMNS), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function verdict(db: DbKind, r: ScenarioResult): string {
  const rounds = r.rounds.map((x) => x.ratio.toFixed(3)).join(', ');
  const status = r.belowTarget ? 'BELOW TARGET' : 'ok';
  return `${db}/${r.scenario}: engine/baseline req/s = ${r.ratio.toFixed(3)} (per round: ${rounds}; target >= ${TARGET_RATIO}) ${status}`;
}

/** The summary printed at the end of a run. */
export function formatResults(results: DatabaseResult[]): string {
  const rows = results.flatMap((d) =>
    d.scenarios.flatMap((s) => [
      statsRow(d.database, s.scenario, 'baseline', s.baseline),
      statsRow(d.database, s.scenario, 'engine', s.engine),
    ]),
  );
  const verdicts = results.flatMap((d) => d.scenarios.map((s) => verdict(d.database, s)));
  return [renderTable(rows), '', ...verdicts].join('\n');
}

export function writeJson(file: string, payload: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
}
