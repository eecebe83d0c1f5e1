import os from 'node:os';
import { log } from './measure.js';

/** One-minute load average above which figures are flagged as noisy. */
const BUSY_LOAD = 1;

/** The machine a benchmark ran on, for its report. */
export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpu: cpus[0]?.model ?? null,
    platform: process.platform,
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
    loadAverageAtStart: os.loadavg(),
  };
}

/** Other work on the machine skews both sides unevenly; says so next to the figures. Answers the load. */
export function loadBefore(): number {
  const load = os.loadavg()[0] ?? 0;
  if (load > BUSY_LOAD) log(`  note: load average ${load.toFixed(2)} before the runs; figures will be noisy`);
  return load;
}
