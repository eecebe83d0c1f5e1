import type { ContentStatus } from '@sitefleet/shared';
import type { ChipColor } from '../../common/fields/ChoiceChip';

export const STATUS_COLORS: Record<ContentStatus, ChipColor> = {
  queued: 'info',
  ready: 'success',
  failed: 'error',
};

/** SPEC §9: the delay before Regenerate returns to the previous screen. */
export const REGENERATE_RETURN_MS = 3000;

/** A cost in US dollars: cents for most articles, fractions of a cent shown to four places. */
export function formatCost(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return value >= 0.01 || value === 0 ? `$${value.toFixed(2)}` : `$${value.toFixed(4)}`;
}

/** "1,204" */
export const formatCount = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en') : null;

/** SPEC §8: what the console shows after Regenerate. */
export const regenerateNotice = {
  success: (message: string) => `Response: ${message}`,
  failure: (message: string) => `Error: ${message}`,
};
