import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import type { JsonObject } from '../../../jobs/types.js';

/**
 * Safe updates (what MainWP sells as an extension): the home page is checked before and after an update; a
 * site that answered well before and badly after is reported as broken by the update, with both checks as
 * evidence.
 */
export interface HomeCheck extends JsonObject {
  url: string;
  status: number | null;
  /** The keyword looked for (the website's uptime keyword, else the site's title); null: none known. */
  keyword: string | null;
  /** Whether the keyword was on the page (null when there was no keyword or no page). */
  found: boolean | null;
  error: string | null;
  ms: number;
}

export const healthy = (c: HomeCheck) => c.status !== null && c.status < 400 && c.found !== false;

export async function checkHome(
  fetch: SafeFetch,
  url: string,
  keyword: string | null,
  timeoutMs: number,
): Promise<HomeCheck> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      timeoutMs,
      maxBytes: 4 * 1024 * 1024,
      truncateBody: true,
      accept: 'text/html,*/*;q=0.5',
    });
    const text = res.text();
    return {
      url,
      status: res.status,
      keyword,
      found: keyword ? text.toLowerCase().includes(keyword.toLowerCase()) : null,
      error: null,
      ms: Date.now() - started,
    };
  } catch (err) {
    return {
      url,
      status: null,
      keyword,
      found: null,
      error: err instanceof Error ? err.message : String(err),
      ms: Date.now() - started,
    };
  }
}

/** How a check reads in a message: `200, "Acme" found`, `500`, `unreachable (…)`. */
export function describeCheck(c: HomeCheck): string {
  if (c.status === null) return `no answer (${c.error ?? 'unknown error'})`;
  if (c.found === null) return String(c.status);
  return `${c.status}, "${c.keyword}" ${c.found ? 'found' : 'missing'}`;
}

/** Whether the update broke the site: healthy before, not after. */
export const brokeSite = (before: HomeCheck, after: HomeCheck) => healthy(before) && !healthy(after);
