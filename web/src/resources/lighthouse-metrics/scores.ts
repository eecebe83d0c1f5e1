import { dayOf } from '@sitefleet/shared';

/** The scores a chart draws, with their legend labels (SPEC §3 Lighthouse final_scores). */
export const SCORES = [
  ['performance', 'Performance'],
  ['accessibility', 'Accessibility'],
  ['seo', 'SEO'],
  ['best_practices', 'Best practices'],
] as const;
export type Score = (typeof SCORES)[number][0];

export type ScorePoint = { date: string } & Partial<Record<Score, number | null>>;

interface Run {
  day?: unknown;
  device?: unknown;
  [score: string]: unknown;
}

const scoreOf = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** A site's runs as one series per device, oldest day first (a day run twice keeps its last row). */
export function scoreSeries(runs: readonly Run[]): Record<'desktop' | 'mobile', ScorePoint[]> {
  const out = { desktop: new Map<string, ScorePoint>(), mobile: new Map<string, ScorePoint>() };
  for (const run of runs) {
    if (typeof run.day !== 'number' || (run.device !== 'desktop' && run.device !== 'mobile')) continue;
    const date = dayOf(run.day * 1000);
    const point: ScorePoint = { date };
    for (const [key] of SCORES) point[key] = scoreOf(run[key]);
    out[run.device].set(date, point);
  }
  const sorted = (m: Map<string, ScorePoint>) =>
    [...m.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { desktop: sorted(out.desktop), mobile: sorted(out.mobile) };
}
