import type { SafeFetch } from '../http/safe-fetch.js';
import { NamecheapClient } from './client.js';

export {
  CHECK_BATCH,
  NAMECHEAP_BASE_URL,
  NAMECHEAP_SANDBOX_URL,
  NamecheapClient,
  splitDomain,
  type NamecheapClientOptions,
} from './client.js';
export {
  classifyError,
  isNamecheapError,
  NamecheapError,
  TOO_MANY_REQUESTS,
  type NamecheapApiError,
  type NamecheapErrorKind,
} from './errors.js';
export {
  isoDate,
  parseContact,
  parseXml,
  readEnvelope,
  type ContactResult,
  type XmlElement,
} from './parse.js';
export * from './types.js';

export interface NamecheapConfig {
  /** Empty or missing (or no key): Namecheap is not configured. */
  apiUser: string | null | undefined;
  apiKey: string | null | undefined;
  /** Missing: the API user. */
  userName?: string | null;
  /** The whitelisted IPv4 address this server's calls come from. */
  clientIp: string | null | undefined;
  /** Null or missing: Namecheap's production API. */
  baseUrl?: string | null;
  timeoutMs?: number;
}

/**
 * The Namecheap client, or null when no API user or key is set (the wizard then offers no registrar). A set
 * user and key without a valid client IP throw: that configuration can never work.
 */
export function createNamecheapClient(config: NamecheapConfig, safeFetch: SafeFetch): NamecheapClient | null {
  const apiUser = config.apiUser?.trim();
  const apiKey = config.apiKey?.trim();
  if (!apiUser || !apiKey) return null;
  return new NamecheapClient({
    apiUser,
    apiKey,
    userName: config.userName?.trim() || apiUser,
    clientIp: config.clientIp?.trim() ?? '',
    safeFetch,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
  });
}
