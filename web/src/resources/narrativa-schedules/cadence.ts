import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@sitefleet/shared';

const isWeekday = (v: unknown): v is Weekday =>
  typeof v === 'string' && (WEEKDAYS as readonly string[]).includes(v);

/** "Every day", "Every 3 days", "Every week on Monday, Thursday", "Every 2 weeks on Friday". */
export function cadenceText(r: Record<string, unknown>): string {
  const every = typeof r.frequency_every === 'number' && r.frequency_every > 0 ? r.frequency_every : 1;
  if (r.frequency_unit === 'weeks') {
    const days = Array.isArray(r.frequency_on) ? r.frequency_on.filter(isWeekday) : [];
    const ordered = WEEKDAYS.filter((d) => days.includes(d)).map((d) => WEEKDAY_LABELS[d]);
    const period = every === 1 ? 'Every week' : `Every ${every} weeks`;
    return ordered.length ? `${period} on ${ordered.join(', ')}` : `${period} (no weekday chosen)`;
  }
  return every === 1 ? 'Every day' : `Every ${every} days`;
}

/** Save stays disabled until the required fields are filled (SPEC §5). */
export function canSaveSchedule(v: Record<string, unknown>): boolean {
  const filled = (x: unknown) => x !== undefined && x !== null && x !== '';
  const cadence =
    v.frequency_unit === 'weeks'
      ? Array.isArray(v.frequency_on) && v.frequency_on.length > 0
      : v.frequency_unit === 'days' && filled(v.frequency_every);
  const topic = v.form_type !== 'openai' || (typeof v.topic === 'string' && v.topic.trim() !== '');
  return filled(v.website_id) && filled(v.form_type) && filled(v.language) && cadence && topic;
}
