import { describe, expect, it } from 'vitest';
import { formatCost } from '../open-ai-content/labels';
import { canSaveContent } from '../open-ai-content/rules';
import { cadenceText, canSaveSchedule } from './cadence';

describe('schedule and content form rules (SPEC §4, §5)', () => {
  it('says a cadence in words', () => {
    expect(cadenceText({ frequency_unit: 'days', frequency_every: 1 })).toBe('Every day');
    expect(cadenceText({ frequency_unit: 'days', frequency_every: 3 })).toBe('Every 3 days');
    expect(
      cadenceText({ frequency_unit: 'weeks', frequency_every: 1, frequency_on: ['thursday', 'monday'] }),
    ).toBe('Every week on Monday, Thursday');
    expect(cadenceText({ frequency_unit: 'weeks', frequency_every: 2, frequency_on: ['friday'] })).toBe(
      'Every 2 weeks on Friday',
    );
  });

  it('keeps Save disabled until the required fields are there', () => {
    const base = {
      website_id: 3,
      form_type: 'openai',
      language: 'en',
      topic: 'Tips',
      frequency_unit: 'days',
      frequency_every: 2,
    };
    expect(canSaveSchedule(base)).toBe(true);
    expect(canSaveSchedule({ ...base, topic: ' ' })).toBe(false);
    expect(canSaveSchedule({ ...base, form_type: 'narrativa', topic: '' })).toBe(true);
    expect(canSaveSchedule({ ...base, frequency_unit: 'weeks', frequency_on: [] })).toBe(false);
    expect(canSaveSchedule({ ...base, frequency_unit: 'weeks', frequency_on: ['monday'] })).toBe(true);
    expect(canSaveSchedule({ ...base, website_id: null })).toBe(false);
    expect(canSaveContent({ form_type: 'openai', language: 'en', topic: '' })).toBe(false);
    expect(canSaveContent({ form_type: 'openai', language: 'en', topic: 'Odds' })).toBe(true);
    expect(canSaveContent({ form_type: 'narrativa', language: 'ja' })).toBe(true);
  });

  it('shows costs in dollars, fractions of a cent to four places', () => {
    expect(formatCost(0.019435)).toBe('$0.02');
    expect(formatCost(0.000569)).toBe('$0.0006');
    expect(formatCost(null)).toBeNull();
  });
});
