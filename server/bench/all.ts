/**
 * npm run bench — every benchmark of the project in turn, each in its own process, then one table of every
 * figure the issue sets a target for, each beside the baseline measured in the same run, with the machine's
 * load while each bench ran. The benches and what each figure measures: server/bench/README.md.
 *
 * Knobs: BENCH_ONLY (comma-separated bench names, default all), and each bench's own BENCH_* knobs.
 * Writes bench-results/summary.json.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { names } from './env.js';
import { readFigures, type Figure } from './figures.js';
import { log } from './measure.js';
import { writeJson } from './report.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const results = (name: string) => path.join(root, 'bench-results', `${name}.json`);
const tsx = (script: string) => [
  process.execPath,
  '--conditions=development',
  '--import',
  'tsx',
  path.join(import.meta.dirname, script),
];

interface Bench {
  name: string;
  command: string[];
  /** The results file whose `figures` the summary prints. */
  file: string;
}

const BENCHES: Bench[] = [
  { name: 'api', command: tsx('api.ts'), file: results('api') },
  { name: 'paging', command: tsx('paging.ts'), file: results('paging') },
  { name: 'jobs', command: tsx('jobs.ts'), file: results('jobs') },
  { name: 'memory', command: tsx('memory.ts'), file: results('memory') },
  { name: 'monitors', command: tsx('monitors.ts'), file: results('monitors') },
  { name: 'wordpress', command: tsx('wordpress.ts'), file: results('wordpress') },
  { name: 'backlinks', command: tsx('backlinks.ts'), file: results('backlinks') },
  { name: 'footprint', command: tsx('footprint.ts'), file: results('footprint') },
  { name: 'static-export', command: tsx('static-export.ts'), file: results('static-export') },
  { name: 'dashboard', command: tsx('dashboard.ts'), file: results('dashboard') },
  {
    name: 'cold-load',
    command: [
      process.execPath,
      '--conditions=development',
      '--import',
      'tsx',
      path.join(root, 'e2e', 'perf', 'cold-load.ts'),
    ],
    file: results('cold-load'),
  },
];

interface Ran {
  bench: string;
  exitCode: number;
  seconds: number;
  /** One-minute load average before and after: above ~1 on this 2-core machine, something else was busy. */
  loadBefore: number;
  loadAfter: number;
  figures: Figure[];
}

function run(b: Bench): Promise<Ran> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const started = performance.now();
  log(`\n######## ${b.name} (load average ${loadBefore.toFixed(2)})`);
  return new Promise((resolve) => {
    const [cmd, ...args] = b.command;
    const child = spawn(cmd!, args, { stdio: 'inherit', cwd: root, env: process.env });
    child.on('close', (code) => {
      resolve({
        bench: b.name,
        exitCode: code ?? 1,
        seconds: (performance.now() - started) / 1000,
        loadBefore,
        loadAfter: os.loadavg()[0] ?? 0,
        // a bench that failed leaves an older results file behind: its figures are not this run's
        figures: code === 0 ? readFigures(b.file) : [],
      });
    });
  });
}

function number(n: number | null, digits = 2): string {
  if (n === null || !Number.isFinite(n)) return '-';
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(digits);
}

/** The summary table: one line per figure, grouped by bench. */
function formatFigures(ran: Ran[]): string {
  const header = ['bench', 'figure', 'value', 'baseline', 'unit', 'ratio', 'target', ''];
  const rows = ran.flatMap((r) =>
    r.figures.length
      ? r.figures.map((f) => [
          r.bench,
          f.name,
          number(f.value),
          number(f.baseline),
          f.unit,
          f.ratio === null ? '-' : `${f.ratio.toFixed(2)}x`,
          f.target,
          f.pass ? 'ok' : 'MISSED',
        ])
      : [
          [
            r.bench,
            r.exitCode === 0 ? '(no figures written)' : `failed (exit ${r.exitCode})`,
            '',
            '',
            '',
            '',
            '',
            '',
          ],
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  const loads = ran.map(
    (r) =>
      `${r.bench}: ${r.seconds.toFixed(0)} s, load average ${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)}`,
  );
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), '', ...loads].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const wanted = names(
    process.env,
    'BENCH_ONLY',
    BENCHES.map((b) => b.name),
  );
  const ran: Ran[] = [];
  for (const b of BENCHES.filter((x) => wanted.includes(x.name))) ran.push(await run(b));
  log(`\n######## every figure against its baseline (this run; ${os.cpus().length} cores)\n`);
  log(formatFigures(ran));
  writeJson(results('summary'), { date: new Date().toISOString(), cpus: os.cpus().length, ran });
  const missed = ran.flatMap((r) => r.figures.filter((f) => !f.pass));
  const failed = ran.filter((r) => r.exitCode !== 0);
  log(`\n${missed.length} figure(s) missed their target; ${failed.length} bench(es) failed`);
  if (failed.length) process.exitCode = 1;
}

await main();
