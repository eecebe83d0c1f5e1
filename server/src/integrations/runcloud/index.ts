import type { SafeFetch } from '../http/safe-fetch.js';
import { RunCloudClient, type RunCloudClientOptions } from './client.js';

export { MAX_PER_PAGE, RUNCLOUD_BASE_URL, RunCloudClient, type RunCloudClientOptions } from './client.js';
export { isRunCloudError, RunCloudError, type RunCloudErrorKind } from './errors.js';
export { cpuPercent, memoryMb, SERVICE_STOPPED } from './parse.js';
export * from './types.js';
export { webappNameFor } from './webapp-input.js';

export interface RunCloudConfig {
  /** Empty or missing: RunCloud is not configured. */
  token: string | null | undefined;
  /** Null or missing: RunCloud's own API. */
  baseUrl?: string | null;
  timeoutMs?: number;
  maxRetryWaitSeconds?: RunCloudClientOptions['maxRetryWaitSeconds'];
}

/** The RunCloud client, or null when no token is set (the hosting panel then shows stored figures only). */
export function createRunCloudClient(config: RunCloudConfig, safeFetch: SafeFetch): RunCloudClient | null {
  const token = config.token?.trim();
  if (!token) return null;
  return new RunCloudClient({
    token,
    safeFetch,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.maxRetryWaitSeconds !== undefined ? { maxRetryWaitSeconds: config.maxRetryWaitSeconds } : {}),
  });
}
