import { TIMINGS } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import {
  argumentLines,
  cronPollInterval,
  cronProgress,
  formatDuration,
  splitOutput,
  truncationNote,
} from './format';

describe('cron run page', () => {
  it('polls every 5 s while jobs remain and stops at 0 (SPEC §4)', () => {
    expect(cronPollInterval({ remaining_jobs: 13 })).toBe(TIMINGS.cronPollMs);
    expect(TIMINGS.cronPollMs).toBe(5000);
    expect(cronPollInterval({ remaining_jobs: 0 })).toBe(false);
    expect(cronPollInterval({ remaining_jobs: null })).toBe(false);
    expect(cronPollInterval(undefined)).toBe(false);
  });

  it('shows progress as done / total with a percentage rounded down', () => {
    expect(cronProgress({ job_count: 50, done_jobs: 37, remaining_jobs: 13 })).toEqual({
      done: 37,
      total: 50,
      percent: 74,
      label: '37 / 50 (74%)',
    });
    expect(cronProgress({ job_count: 200, done_jobs: 199, remaining_jobs: 1 }).percent).toBe(99);
    // without done_jobs: what is not remaining is done
    expect(cronProgress({ job_count: 4, remaining_jobs: 1 }).label).toBe('3 / 4 (75%)');
    expect(cronProgress({ job_count: 0, remaining_jobs: 0 }).label).toBe('0 / 0 (100%)');
    expect(cronProgress({}).percent).toBe(100);
  });

  it('writes durations in hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3603)).toBe('1h 0m 3s');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration('x')).toBeNull();
  });

  it("says 'Showing 500 of N' only when the list was cut", () => {
    expect(truncationNote(500, 1200)).toBe('Showing 500 of 1200');
    expect(truncationNote(12, 12)).toBeNull();
    expect(truncationNote(0, undefined)).toBeNull();
  });

  it('splits an output into message, keyword findings and the rest', () => {
    expect(
      splitOutput({
        message: 'http://a.test/: 1 of 2 keywords',
        url: 'http://a.test/',
        found: [{ keyword: 'paid post', where: ['text', 'link'], count: 2, samples: ['a paid post'] }, 'bad'],
        missing: ['sponsored'],
      }),
    ).toEqual({
      message: 'http://a.test/: 1 of 2 keywords',
      findings: {
        found: [{ keyword: 'paid post', where: ['text', 'link'], count: 2, samples: ['a paid post'] }],
        missing: ['sponsored'],
      },
      extra: { url: 'http://a.test/' },
    });
    expect(splitOutput({ message: 'ok' })).toEqual({ message: 'ok', findings: null, extra: null });
    expect(splitOutput({ message: 'x', found: 3 })).toEqual({
      message: 'x',
      findings: null,
      extra: { found: 3 },
    });
    expect(splitOutput(null).message).toBe('');
  });

  it('lists arguments as name and text', () => {
    expect(
      argumentLines({
        days: 30,
        domains: 'a.com\nb.com',
        pages: ['http://a/', 'http://b/'],
        flags: { a: true },
      }),
    ).toEqual([
      { name: 'days', value: '30' },
      { name: 'domains', value: 'a.com\nb.com' },
      { name: 'pages', value: 'http://a/, http://b/' },
      { name: 'flags', value: '{"a":true}' },
    ]);
    expect(argumentLines(null)).toEqual([]);
  });
});
