import type { SafeFetch } from '../http/safe-fetch.js';
import { CloudflareClient, type CloudflareClientOptions } from './client.js';

export {
  CLOUDFLARE_BASE_URL,
  CloudflareClient,
  DEFAULT_RECORDS_PER_PAGE,
  MAX_ZONES_PER_PAGE,
  type CloudflareClientOptions,
} from './client.js';
export {
  CloudflareError,
  isCloudflareError,
  type CloudflareErrorDetails,
  type CloudflareErrorKind,
} from './errors.js';
export { comparableContent, fullRecordName, planRecords, zoneName, type RecordPlan } from './parse.js';
export * from './types.js';

export interface CloudflareConfig {
  /** Empty or missing: Cloudflare is not configured, and the wizard cannot set up DNS itself. */
  token: string | null | undefined;
  /** The account new zones are added to. */
  accountId: string | null | undefined;
  /** Null or missing: Cloudflare's own API. */
  baseUrl?: string | null;
  timeoutMs?: number;
  maxRetryWaitSeconds?: CloudflareClientOptions['maxRetryWaitSeconds'];
}

/** The Cloudflare client, or null when no token is set. */
export function createCloudflareClient(
  config: CloudflareConfig,
  safeFetch: SafeFetch,
): CloudflareClient | null {
  const token = config.token?.trim();
  if (!token) return null;
  const accountId = config.accountId?.trim();
  return new CloudflareClient({
    token,
    safeFetch,
    ...(accountId ? { accountId } : {}),
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.maxRetryWaitSeconds !== undefined ? { maxRetryWaitSeconds: config.maxRetryWaitSeconds } : {}),
  });
}

/**
 * Whether a domain's current name servers (from a DNS lookup) are the zone's assigned ones: Cloudflare can then
 * answer for it, even before it marks the zone active.
 */
export function delegatedTo(zone: { nameServers: string[] }, current: string[]): boolean {
  const norm = (n: string) => n.trim().toLowerCase().replace(/\.$/, '');
  const have = new Set(current.map(norm));
  return zone.nameServers.length > 0 && zone.nameServers.every((n) => have.has(norm(n)));
}
