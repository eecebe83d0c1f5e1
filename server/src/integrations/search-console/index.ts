import type { SafeFetch } from '../http/safe-fetch.js';
import { SearchConsoleClient, type SearchConsoleClientOptions } from './client.js';

export {
  SEARCH_CONSOLE_BASE_URL,
  SEARCH_CONSOLE_SCOPE,
  SEARCH_DEFAULT_MAX_ROWS,
  SEARCH_MAX_ROW_LIMIT,
  SearchConsoleClient,
  type SearchConsoleClientOptions,
} from './client.js';
export {
  SearchConsoleError,
  isSearchConsoleError,
  type SearchConsoleErrorDetails,
  type SearchConsoleErrorKind,
} from './errors.js';
export * from './types.js';

export interface SearchConsoleConfig {
  /** The service-account key file (JSON text); empty or missing: Search Console is not configured. */
  serviceAccountKey: string | null | undefined;
  baseUrl?: string | null;
  tokenUrl?: string | null;
  timeoutMs?: number;
  maxRetryWaitMs?: number;
}

/**
 * The Search Console client, or null when no key is set. A key that is set but unusable throws
 * SearchConsoleError (bad_key).
 */
export function createSearchConsoleClient(
  config: SearchConsoleConfig,
  safeFetch: SafeFetch,
): SearchConsoleClient | null {
  const key = config.serviceAccountKey?.trim();
  if (!key) return null;
  const options: SearchConsoleClientOptions = { key, safeFetch };
  if (config.baseUrl) options.baseUrl = config.baseUrl;
  if (config.tokenUrl) options.tokenUrl = config.tokenUrl;
  if (config.timeoutMs) options.timeoutMs = config.timeoutMs;
  if (config.maxRetryWaitMs !== undefined) options.maxRetryWaitMs = config.maxRetryWaitMs;
  return new SearchConsoleClient(options);
}
