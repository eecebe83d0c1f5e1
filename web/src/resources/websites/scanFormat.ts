import type { ChipColor } from '../../common/fields/ChoiceChip';

/** An HTTP status as a chip colour: 2xx green, 3xx blue, anything else (or none) red. */
export function httpStatusColor(status: unknown): ChipColor {
  const n = Number(status);
  if (n >= 200 && n < 300) return 'success';
  if (n >= 300 && n < 400) return 'info';
  return 'error';
}

/** A page of the site shown by its path ("/about/?p=2"): the host is the site's own. */
export function pagePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
