import { TIMINGS, type KeywordPageResult } from '@sitefleet/shared';

type Run = Record<string, unknown> | null | undefined;

const count = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** SPEC §4: a run's page reloads every 5 s while jobs remain; false stops the polling. */
export function cronPollInterval(record: Run): number | false {
  return count(record?.remaining_jobs) > 0 ? TIMINGS.cronPollMs : false;
}

export interface CronProgress {
  done: number;
  total: number;
  /** Rounded down, so 100 means every job is done. */
  percent: number;
  /** "37 / 50 (74%)" */
  label: string;
}

export function cronProgress(record: Run): CronProgress {
  const total = count(record?.job_count);
  const remaining = count(record?.remaining_jobs);
  const done =
    record?.done_jobs === null || record?.done_jobs === undefined
      ? Math.max(0, total - remaining)
      : count(record.done_jobs);
  const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : remaining > 0 ? 0 : 100;
  return { done, total, percent, label: `${done} / ${total} (${percent}%)` };
}

/** Seconds as "45s", "2m 5s", "1h 0m 3s"; null when not a duration. */
export function formatDuration(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  let s = Math.round(n);
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}

/** The get-one answer holds the latest 500 items of each output: say so when there are more. */
export function truncationNote(shown: number, total: unknown): string | null {
  const n = count(total);
  return n > shown ? `Showing ${shown} of ${n}` : null;
}

export type KeywordFinding = KeywordPageResult['found'][number];

export interface OutputParts {
  message: string;
  /** The keyword checker's findings, when the output carries them. */
  findings: { found: KeywordFinding[]; missing: string[] } | null;
  /** Whatever else the output says, shown as JSON on demand; null when nothing is left. */
  extra: Record<string, unknown> | null;
}

const isFinding = (value: unknown): value is KeywordFinding =>
  typeof value === 'object' && value !== null && typeof (value as KeywordFinding).keyword === 'string';

/** An output item's output, split into its message, keyword findings and the rest. */
export function splitOutput(output: unknown): OutputParts {
  const o = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  const { message, found, missing, ...rest } = o;
  const keyword = Array.isArray(found) && Array.isArray(missing);
  const extra: Record<string, unknown> = keyword ? rest : { ...rest };
  if (!keyword) {
    if (found !== undefined) extra.found = found;
    if (missing !== undefined) extra.missing = missing;
  }
  return {
    message: typeof message === 'string' ? message : '',
    findings: keyword
      ? {
          found: (found as unknown[]).filter(isFinding),
          missing: (missing as unknown[]).map(String),
        }
      : null,
    extra: Object.keys(extra).length ? extra : null,
  };
}

const argumentText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)
      ? value.join(', ')
      : JSON.stringify(value);

/** A run's arguments as name / text pairs: lists joined by commas, objects as JSON. */
export function argumentLines(args: unknown): Array<{ name: string; value: string }> {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  return Object.entries(args as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: argumentText(v) }));
}
