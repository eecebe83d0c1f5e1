import { isRecord, record, ShapeError } from './parse.js';

/**
 * What the companion's `GET sitefleet/v1/opcache` reads from PHP (opcache_get_status(false) and
 * opcache_get_configuration()) for the PHP-FPM pool that serves the site. RunCloud has no OpCache endpoint
 * (INTEGRATIONS §1), so this is the only way to see it. Memory figures are bytes.
 */
export interface WpOpcache {
  /** The extension is loaded and its status functions may be called (not disabled, not restricted). */
  available: boolean;
  /** OpCache caches scripts for this SAPI (opcache.enable, or enable_cli under the CLI server). */
  enabled: boolean;
  /** Why the figures are missing, in PHP's or the companion's words, when they are. */
  reason: string | null;
  php: string | null;
  sapi: string | null;
  memoryUsed: number | null;
  memoryFree: number | null;
  memoryWasted: number | null;
  wastedPercentage: number | null;
  hits: number | null;
  misses: number | null;
  /** Percent, 0-100, as PHP computes it. */
  hitRate: number | null;
  cachedScripts: number | null;
  cachedKeys: number | null;
  maxCachedKeys: number | null;
  oomRestarts: number | null;
  hashRestarts: number | null;
  manualRestarts: number | null;
  /** Epoch seconds. */
  startTime: number | null;
  lastRestartTime: number | null;
  /** opcache.memory_consumption in bytes. */
  memoryConsumption: number | null;
  maxAcceleratedFiles: number | null;
  validateTimestamps: boolean | null;
  revalidateFreq: number | null;
}

const WHERE = 'opcache';

function num(o: Record<string, unknown> | null, key: string): number | null {
  if (!o) return null;
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new ShapeError(`${WHERE}.${key} is not a number`);
}

function whole(o: Record<string, unknown> | null, key: string): number | null {
  const v = num(o, key);
  if (v !== null && (!Number.isSafeInteger(v) || v < 0))
    throw new ShapeError(`${WHERE}.${key} is not a whole number`);
  return v;
}

function section(o: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (!isRecord(v)) throw new ShapeError(`${WHERE}.${key} is not an object`);
  return v;
}

const optText = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function parseOpcache(value: unknown): WpOpcache {
  const o = record(value, WHERE);
  if (typeof o.available !== 'boolean' || typeof o.enabled !== 'boolean')
    throw new ShapeError(`${WHERE}.available and .enabled must be booleans`);
  const memory = section(o, 'memory');
  const stats = section(o, 'statistics');
  const config = section(o, 'configuration');
  const validate = config?.validate_timestamps;
  return {
    available: o.available,
    enabled: o.enabled,
    reason: optText(o.reason),
    php: optText(o.php),
    sapi: optText(o.sapi),
    memoryUsed: whole(memory, 'used'),
    memoryFree: whole(memory, 'free'),
    memoryWasted: whole(memory, 'wasted'),
    wastedPercentage: num(memory, 'wasted_percentage'),
    hits: whole(stats, 'hits'),
    misses: whole(stats, 'misses'),
    hitRate: num(stats, 'hit_rate'),
    cachedScripts: whole(stats, 'cached_scripts'),
    cachedKeys: whole(stats, 'cached_keys'),
    maxCachedKeys: whole(stats, 'max_cached_keys'),
    oomRestarts: whole(stats, 'oom_restarts'),
    hashRestarts: whole(stats, 'hash_restarts'),
    manualRestarts: whole(stats, 'manual_restarts'),
    startTime: whole(stats, 'start_time'),
    lastRestartTime: whole(stats, 'last_restart_time'),
    memoryConsumption: whole(config, 'memory_consumption'),
    maxAcceleratedFiles: whole(config, 'max_accelerated_files'),
    validateTimestamps: typeof validate === 'boolean' ? validate : null,
    revalidateFreq: whole(config, 'revalidate_freq'),
  };
}
