import type { MonitorType } from '@sitefleet/shared';
import type { SafeFetch } from '../../integrations/http/safe-fetch.js';
import type { AddressPolicy } from '../../integrations/http/address-policy.js';
import type { Resolver } from '../../integrations/http/connector.js';

/** What one check looks at: a monitor's target as stored. */
export interface CheckTarget {
  type: MonitorType;
  /** http(s) URL for http and keyword; host name, IP address or URL for ping. */
  url: string;
  /** The keyword of a keyword check. */
  value: string | null;
  timeoutMs: number;
}

/** The outcome of one check. A check module never writes anywhere; the scheduler records outcomes. */
export interface CheckResult {
  up: boolean;
  /** Short and human: 'HTTP 200', 'HTTP 503', 'Keyword "buy" not found', 'No reply within 5 s'. */
  message: string;
  /** Time the check took (request or echo round trip), in milliseconds. */
  responseMs: number;
  /** The final HTTP status for http and keyword checks. */
  statusCode?: number;
}

/** What check modules are given: the guarded HTTP client, and for ping the address rules and resolver. */
export interface CheckContext {
  fetch: SafeFetch;
  policy: AddressPolicy;
  resolver: Resolver;
  /** Path of the ping program (iputils-ping). */
  pingPath: string;
  /** Most bytes of a page a keyword check reads. */
  maxBodyBytes: number;
}

export interface CheckType {
  type: MonitorType;
  run(target: CheckTarget, ctx: CheckContext): Promise<CheckResult>;
}
