import { DELIMITER_NAMES, splitList } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';

/** A delimiter argument: comma, semicolon or newline (SPEC §9). */
export const delimiterArgument = (name: string, label: string) =>
  ({ name, label, kind: 'enum', values: DELIMITER_NAMES, default: 'newline', required: true }) as const;

/**
 * Splits a checker textbox into its items, checks each with `normalise` (null refuses it) and the count
 * against `max`. Errors name the textbox's field, as the form shows them (SPEC §8: back to the form).
 */
export function listArgument(
  field: string,
  label: string,
  text: string,
  delimiter: string,
  max: number,
  normalise: (item: string) => string | null,
): string[] {
  const items = splitList(text, delimiter);
  if (!items.length) throw invalid({ [field]: `Enter at least one ${label}` });
  if (items.length > max)
    throw invalid({ [field]: `At most ${max} ${label}s per run (got ${items.length})` });
  const out: string[] = [];
  const bad: string[] = [];
  for (const item of items) {
    const n = normalise(item);
    if (n === null) bad.push(item);
    else if (!out.includes(n)) out.push(n);
  }
  if (bad.length) {
    const shown = bad.slice(0, 5).join(', ') + (bad.length > 5 ? ` and ${bad.length - 5} more` : '');
    throw invalid({ [field]: `Not a valid ${label}: ${shown}` });
  }
  return out;
}
