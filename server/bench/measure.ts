import type { ResourceModel } from '../src/core/resource.js';
import type { Db } from '../src/db/db.js';
import { runLoad, summarise, type LoadOptions, type WorkerReport } from './load.js';
import { targetRatio, type RoundFigures, type ScenarioResult } from './report.js';
import { scenarioUrl, type Scenario } from './scenarios.js';
import { startBaseline, type Target } from './targets.js';

export interface LoadSettings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rounds: number;
}

interface ListBody {
  data: Array<{ id: number }>;
  meta: { total: number };
}

interface RecordBody {
  data: { id: number };
}

export function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Both handlers must return the same full page and the same total (returned), or the same record (1).
 */
async function checkSameAnswer(
  s: Scenario,
  engine: Target,
  baseline: Target,
  headers: Record<string, string>,
): Promise<number> {
  if (s.id !== undefined) {
    const one = await getJson<RecordBody>(scenarioUrl(engine.origin, s), headers);
    const other = await getJson<RecordBody>(scenarioUrl(baseline.origin, s), {});
    if (Number(one.data.id) !== s.id || Number(other.data.id) !== s.id) {
      throw new Error(`${s.name}: engine and baseline should both answer record ${s.id}`);
    }
    return 1;
  }
  const a = await getJson<ListBody>(scenarioUrl(engine.origin, s), headers);
  const b = await getJson<ListBody>(scenarioUrl(baseline.origin, s), {});
  const ids = (x: ListBody) => x.data.map((r) => Number(r.id)).join(',');
  if (a.meta.total !== b.meta.total || ids(a) !== ids(b)) {
    throw new Error(`${s.name}: engine and baseline disagree (total ${a.meta.total} vs ${b.meta.total})`);
  }
  if (a.meta.total <= 0 || a.data.length !== Number(s.query.perPage)) {
    throw new Error(`${s.name}: the filter should fill page ${String(s.query.page)}; total ${a.meta.total}`);
  }
  return a.meta.total;
}

async function load(label: string, opts: LoadOptions): Promise<WorkerReport> {
  const report = await runLoad(opts);
  const bad = report.errors + report.non2xx;
  const rps = (report.ok / report.seconds).toFixed(1).padStart(8);
  const failed = bad ? `, ${bad} failed` : '';
  log(`  ${label.padEnd(28)} ${rps} req/s  (${report.ok} requests${failed})`);
  return report;
}

function rps(r: WorkerReport): number {
  return r.ok / r.seconds;
}

/** A warm-up of each, then baseline, engine, baseline, engine, ... with identical load settings. */
async function alternate(
  label: string,
  ls: LoadSettings,
  base: Omit<LoadOptions, 'seconds'>,
  eng: Omit<LoadOptions, 'seconds'>,
): Promise<{ baselineRuns: WorkerReport[]; engineRuns: WorkerReport[] }> {
  await load(`${label} warm-up baseline`, { ...base, seconds: ls.warmupSeconds });
  await load(`${label} warm-up engine`, { ...eng, seconds: ls.warmupSeconds });
  const baselineRuns: WorkerReport[] = [];
  const engineRuns: WorkerReport[] = [];
  for (let round = 1; round <= ls.rounds; round++) {
    baselineRuns.push(await load(`${label} round ${round} baseline`, { ...base, seconds: ls.seconds }));
    engineRuns.push(await load(`${label} round ${round} engine`, { ...eng, seconds: ls.seconds }));
  }
  return { baselineRuns, engineRuns };
}

/** One scenario on one database: its own baseline server, the shared engine server, alternating runs. */
export async function benchScenario(
  s: Scenario,
  ls: LoadSettings,
  db: Db,
  model: ResourceModel,
  engine: Target,
  headers: Record<string, string>,
): Promise<ScenarioResult> {
  const baseline = await startBaseline(db, model, s);
  try {
    const matching = await checkSameAnswer(s, engine, baseline, headers);
    log(`  ${s.name}: ${s.description} — ${matching} matching rows`);
    const { baselineRuns, engineRuns } = await alternate(
      s.name,
      ls,
      { url: scenarioUrl(baseline.origin, s), headers: {}, connections: ls.connections },
      { url: scenarioUrl(engine.origin, s), headers, connections: ls.connections },
    );
    const rounds: RoundFigures[] = baselineRuns.map((b, i) => {
      const e = engineRuns[i]!;
      return { baselineRps: rps(b), engineRps: rps(e), ratio: rps(e) / rps(b) };
    });
    const baselineStats = summarise(baselineRuns);
    const engineStats = summarise(engineRuns);
    const ratio = engineStats.rps / baselineStats.rps;
    return {
      scenario: s.name,
      description: s.description,
      query: s.query,
      matching,
      baseline: baselineStats,
      engine: engineStats,
      ratio,
      rounds,
      target: targetRatio(s.name),
      belowTarget: ratio < targetRatio(s.name),
    };
  } finally {
    await baseline.app.close();
  }
}
