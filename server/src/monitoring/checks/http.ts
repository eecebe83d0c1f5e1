import { performance } from 'node:perf_hooks';
import { isOutboundError } from '../../integrations/http/errors.js';
import type { SafeResponse } from '../../integrations/http/safe-fetch.js';
import type { CheckResult, CheckTarget, CheckType } from './types.js';

export const MAX_REDIRECTS = 5;

/** '5', '0.5', '12.5': how long a check waited, in seconds, for messages. */
export const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the server',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  ENOTFOUND: 'Host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EPIPE: 'Connection closed by the server',
  UND_ERR_SOCKET: 'Connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'Connection timed out',
  HPE_INVALID_CONSTANT: 'Invalid HTTP response',
};

/** The first error code along the cause chain (undici and Node put it a level or two down). */
function codeOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function networkMessage(err: unknown, fallback: string): string {
  const code = codeOf(err);
  if (code && NETWORK_CODES[code]) return NETWORK_CODES[code];
  if (code && /CERT|TLS|SSL|SIGNATURE|ISSUER/.test(code)) return `TLS certificate error (${code})`;
  if (code?.startsWith('HPE_')) return 'Invalid HTTP response';
  return fallback.length > 160 ? `${fallback.slice(0, 157)}...` : fallback;
}

/** Turns a failed fetch into a down result: timeouts, refused addresses and network errors are outcomes. */
export function fetchFailure(err: unknown, target: CheckTarget, responseMs: number): CheckResult {
  if (!isOutboundError(err)) throw err;
  let message: string;
  switch (err.reason) {
    case 'timeout':
      message = `No answer within ${seconds(target.timeoutMs)} s`;
      break;
    case 'too_many_redirects':
      message = 'Too many redirects';
      break;
    case 'network':
      // Skip safe-fetch's "Could not fetch <url>: " prefix when the cause says it more briefly.
      message = networkMessage(err.cause, err.message);
      break;
    default:
      message = err.message;
  }
  return { up: false, message, responseMs };
}

export const isUpStatus = (status: number): boolean => status >= 200 && status < 400;

/** GETs a monitor's URL through the guarded client; shared by the http and keyword checks. */
export async function fetchTarget(
  target: CheckTarget,
  ctx: Parameters<CheckType['run']>[1],
  readBody: boolean,
): Promise<{ res: SafeResponse; responseMs: number } | CheckResult> {
  const started = performance.now();
  try {
    const res = await ctx.fetch(target.url, {
      timeoutMs: target.timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      ...(readBody ? { truncateBody: true, maxBytes: ctx.maxBodyBytes } : { discardBody: true }),
    });
    return { res, responseMs: performance.now() - started };
  } catch (err) {
    return fetchFailure(err, target, performance.now() - started);
  }
}

/** Up when the page answers 2xx, or 3xx that is not followed further (a redirect without Location). */
export const httpCheck: CheckType = {
  type: 'http',
  async run(target, ctx) {
    const outcome = await fetchTarget(target, ctx, false);
    if (!('res' in outcome)) return outcome;
    const { status } = outcome.res;
    return {
      up: isUpStatus(status),
      message: `HTTP ${status}`,
      responseMs: outcome.responseMs,
      statusCode: status,
    };
  },
};
