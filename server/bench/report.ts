import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DbKind } from './databases.js';
import { atLeast, type Figure } from './figures.js';
import type { LoadStats } from './load.js';
import type { Scenario } from './scenarios.js';

/** Engine req/s over bare-handler req/s that a scenario must reach; the indexed list is held higher. */
export const TARGET_RATIO = 0.8;
const TARGET_RATIOS: Record<string, number> = { indexed: 0.9 };

export function targetRatio(scenario: string): number {
  return TARGET_RATIOS[scenario] ?? TARGET_RATIO;
}

/** The figures of this bench: what `npm run bench` prints against the bare handler. */
const FIGURES: Record<string, string> = { single: 'single GET vs bare', indexed: 'indexed list vs bare' };

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
  target: number;
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
  return `${db}/${r.scenario}: engine/baseline req/s = ${r.ratio.toFixed(3)} (per round: ${rounds}; target >= ${r.target}) ${status}`;
}

/** The single GET and the indexed list against the bare handler, per database, as bench figures. */
export function apiFigures(results: DatabaseResult[]): Figure[] {
  return results.flatMap((d) =>
    d.scenarios
      .filter((s) => FIGURES[s.scenario])
      .map((s) =>
        atLeast(`${FIGURES[s.scenario]}, ${d.database}`, s.engine.rps, s.baseline.rps, 'req/s', s.target),
      ),
  );
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
