import { splitList, type DelimiterName } from '@sitefleet/shared';

export const DELIMITER_LABELS: Record<DelimiterName, string> = {
  comma: 'Comma',
  semicolon: 'Semicolon',
  newline: 'New line',
};

const SEPARATORS: Record<DelimiterName, string> = { comma: ', ', semicolon: '; ', newline: '\n' };

/** Items written out for a textbox with the given delimiter. */
export function joinList(items: readonly string[], delimiter: DelimiterName): string {
  return items.join(SEPARATORS[delimiter]);
}

/**
 * A prefilled list follows the delimiter choice while the user has not edited it: the new text when the
 * box still holds the defaults written with the old delimiter, else null (leave the user's text alone).
 */
export function rejoinDefaults(
  text: string,
  defaults: readonly string[],
  from: DelimiterName,
  to: DelimiterName,
): string | null {
  return from !== to && text === joinList(defaults, from) ? joinList(defaults, to) : null;
}

/** What is wrong with a list before it is sent: nothing in it, or more than the checker takes. */
export function listProblem(text: string, delimiter: string, max: number, noun: string): string | undefined {
  const n = splitList(text, delimiter).length;
  if (n === 0) return 'Required';
  return n > max ? `At most ${max} ${noun}s at a time (this list has ${n})` : undefined;
}
