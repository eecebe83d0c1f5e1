import type { SafeFetch } from '../http/safe-fetch.js';
import { Ga4Client, type Ga4ClientOptions } from './client.js';

export {
  analyticsSeries,
  Ga4Client,
  GA4_ADMIN_BASE_URL,
  GA4_DATA_BASE_URL,
  GA4_DEFAULT_PAGE_SIZE,
  GA4_MAX_PAGE_SIZE,
  GA4_SCOPE,
  type Ga4ClientOptions,
} from './client.js';
export { Ga4Error, isGa4Error, type Ga4ErrorDetails, type Ga4ErrorKind } from './errors.js';
export * from './types.js';

export interface Ga4Config {
  /** The service-account key file (JSON text); empty or missing: GA4 is not configured. */
  serviceAccountKey: string | null | undefined;
  dataBaseUrl?: string | null;
  adminBaseUrl?: string | null;
  tokenUrl?: string | null;
  timeoutMs?: number;
  maxRetryWaitMs?: number;
}

/**
 * The GA4 client, or null when no key is set (the analytics figures are then unavailable). A key that is set
 * but unusable throws Ga4Error (bad_key).
 */
export function createGa4Client(config: Ga4Config, safeFetch: SafeFetch): Ga4Client | null {
  const key = config.serviceAccountKey?.trim();
  if (!key) return null;
  const options: Ga4ClientOptions = { key, safeFetch };
  if (config.dataBaseUrl) options.dataBaseUrl = config.dataBaseUrl;
  if (config.adminBaseUrl) options.adminBaseUrl = config.adminBaseUrl;
  if (config.tokenUrl) options.tokenUrl = config.tokenUrl;
  if (config.timeoutMs) options.timeoutMs = config.timeoutMs;
  if (config.maxRetryWaitMs !== undefined) options.maxRetryWaitMs = config.maxRetryWaitMs;
  return new Ga4Client(options);
}
