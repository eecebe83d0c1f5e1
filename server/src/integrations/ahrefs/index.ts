import type { SafeFetch } from '../http/safe-fetch.js';
import { AhrefsClient, type AhrefsClientOptions } from './client.js';

export { AhrefsClient, AHREFS_BASE_URL, type AhrefsClientOptions } from './client.js';
export { AhrefsError, isAhrefsError, type AhrefsErrorDetails, type AhrefsErrorKind } from './errors.js';
export { tldOf } from './response.js';
export * from './types.js';

export interface AhrefsConfig {
  /** Empty or missing: Ahrefs is not configured. */
  apiKey: string | null | undefined;
  /** Null or missing: the public API. */
  baseUrl?: string | null;
  timeoutMs?: number;
  mode?: AhrefsClientOptions['mode'];
  maxRetryWaitMs?: number;
  onUsage?: AhrefsClientOptions['onUsage'];
}

/** The Ahrefs client, or null when no key is set (the SEO figures are then unavailable). */
export function createAhrefsClient(config: AhrefsConfig, safeFetch: SafeFetch): AhrefsClient | null {
  const apiKey = config.apiKey?.trim();
  if (!apiKey) return null;
  return new AhrefsClient({
    apiKey,
    safeFetch,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.mode ? { mode: config.mode } : {}),
    ...(config.maxRetryWaitMs !== undefined ? { maxRetryWaitMs: config.maxRetryWaitMs } : {}),
    ...(config.onUsage ? { onUsage: config.onUsage } : {}),
  });
}
