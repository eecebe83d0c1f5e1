/**
 * When to try a Chat Completions request again (INTEGRATIONS §8): a 429 that is a rate limit (never
 * insufficient_quota), and a 5xx, after the wait the server asked for — `retry-after-ms`, `retry-after`
 * (seconds or an HTTP date), else the later of the `x-ratelimit-reset-*` durations — or a short backoff.
 */

/** "6m0s", "1s", "20ms", "1h2m3.5s" (the x-ratelimit-reset-* form) in milliseconds; null when unreadable. */
export function parseDuration(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const part = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy;
  let total = 0;
  let matched = 0;
  for (let m = part.exec(text); m; m = part.exec(text)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
    matched = part.lastIndex;
  }
  return matched === text.length && matched > 0 ? Math.round(total) : null;
}

/** The wait a failed answer asks for, in milliseconds, from its headers; null when it names none. */
export function requestedWaitMs(headers: Record<string, string>, now = Date.now()): number | null {
  const ms = headers['retry-after-ms']?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const after = headers['retry-after']?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.round(Number(after) * 1000);
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const resets = [headers['x-ratelimit-reset-requests'], headers['x-ratelimit-reset-tokens']]
    .map(parseDuration)
    .filter((v): v is number => v !== null);
  return resets.length ? Math.max(...resets) : null;
}

export interface RetryPolicy {
  /** Retries after the first request (default 2). */
  maxRetries: number;
  /** The longest wait honoured before a retry; a longer one fails at once (default 20 s). */
  maxWaitMs: number;
}

/** Backoff when the server named no wait: 0.5 s, 1 s, 2 s … */
export const backoffMs = (retry: number): number => 500 * 2 ** retry;

/**
 * The wait before retry number `retry` (0-based) of an answer with this status and error code, or null
 * when it must not be retried: not retryable, out of retries, or a wait above the bound.
 */
export function retryWaitMs(
  status: number,
  code: string | null,
  headers: Record<string, string>,
  retry: number,
  policy: RetryPolicy,
): number | null {
  const retryable = (status === 429 && code !== 'insufficient_quota') || status >= 500;
  if (!retryable || retry >= policy.maxRetries) return null;
  const wait = requestedWaitMs(headers) ?? backoffMs(retry);
  return wait <= policy.maxWaitMs ? wait : null;
}
