/**
 * The figures a bench reports against its baseline, in one shape: each bench writes them into its results
 * file (bench-results/<bench>.json, key `figures`) and `npm run bench` prints them all in one table.
 */
import { readFileSync } from 'node:fs';

export interface Figure {
  /** What is measured, as a reader of the table needs it ("page at 90% depth vs page 1, domains by name"). */
  name: string;
  /** The measured value, in `unit`. */
  value: number;
  /** The same measurement of the baseline in the same run (bare handler, page 1, bare pg-boss…), or null. */
  baseline: number | null;
  unit: string;
  /** How the figure compares: value / baseline, or baseline / value for throughput ("higher is better"). */
  ratio: number | null;
  /** The target as text ("<= 1.5x", ">= 0.8x", "<= 250 MB"). */
  target: string;
  pass: boolean;
}

/** A ratio figure where a smaller value is better (time, bytes): value / baseline against a maximum. */
export function atMost(name: string, value: number, baseline: number, unit: string, max: number): Figure {
  const ratio = value / baseline;
  return { name, value, baseline, unit, ratio, target: `<= ${max}x`, pass: ratio <= max };
}

/** A ratio figure where a larger value is better (req/s, jobs/s): value / baseline against a minimum. */
export function atLeast(name: string, value: number, baseline: number, unit: string, min: number): Figure {
  const ratio = value / baseline;
  return { name, value, baseline, unit, ratio, target: `>= ${min}x`, pass: ratio >= min };
}

/** An absolute ceiling (memory, bytes, milliseconds), with the baseline of the same run for context. */
export function ceiling(
  name: string,
  value: number,
  baseline: number | null,
  unit: string,
  max: number,
): Figure {
  return {
    name,
    value,
    baseline,
    unit,
    ratio: baseline ? value / baseline : null,
    target: `<= ${max} ${unit}`,
    pass: value <= max,
  };
}

/** The figures of a results file, or none when the bench has not run (or wrote none). */
export function readFigures(file: string): Figure[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { figures?: Figure[] };
    return Array.isArray(parsed.figures) ? parsed.figures : [];
  } catch {
    return [];
  }
}
