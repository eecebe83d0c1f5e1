import { LIMITS } from '@sitefleet/shared';

export interface MessagePreview {
  /** The first words and an ellipsis when cut, else the whole text. */
  text: string;
  truncated: boolean;
}

/**
 * SPEC §4: a message over 25 words shows its first 25 words and an ellipsis (the full message on
 * expand). Works on the text a reader sees, so markup never counts as words.
 */
export function previewMessage(
  text: string,
  words: number = LIMITS.notificationTruncateWords,
): MessagePreview {
  const all = text.trim().split(/\s+/).filter(Boolean);
  if (all.length <= words) return { text: all.join(' '), truncated: false };
  return { text: `${all.slice(0, words).join(' ')}…`, truncated: true };
}
