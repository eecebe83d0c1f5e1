import type { MonitorType } from '@sitefleet/shared';
import { performance } from 'node:perf_hooks';
import { errorMessage } from '../../core/errors.js';
import { createAddressPolicy } from '../../integrations/http/address-policy.js';
import { systemResolver, type Resolver } from '../../integrations/http/connector.js';
import { createSafeFetch } from '../../integrations/http/safe-fetch.js';
import { httpCheck } from './http.js';
import { keywordCheck } from './keyword.js';
import { pingCheck } from './ping.js';
import type { CheckContext, CheckResult, CheckTarget, CheckType } from './types.js';

export const CHECK_TYPES: Record<MonitorType, CheckType> = {
  http: httpCheck,
  keyword: keywordCheck,
  ping: pingCheck,
};

export function checkFor(type: MonitorType): CheckType {
  const check = Object.hasOwn(CHECK_TYPES, type) ? CHECK_TYPES[type] : undefined;
  if (!check) throw new Error(`Unknown monitor type "${String(type)}"`);
  return check;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface CheckContextOptions {
  /** Same meaning as for every other outbound fetch (config outboundAllowPrivate / AllowHosts). */
  allowPrivate: boolean;
  allowHosts: string[];
  userAgent?: string;
  pingPath: string;
  maxBodyBytes?: number;
  resolver?: Resolver;
}

/**
 * The monitors' own guarded client (its own pool of keep-alive connections, so checks neither wait for
 * nor hold up other outbound fetches) and address rules for ping, both from the same options.
 */
export function createCheckContext(options: CheckContextOptions): CheckContext & { close(): Promise<void> } {
  const resolver = options.resolver ?? systemResolver;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const rules = { allowPrivate: options.allowPrivate, allowHosts: options.allowHosts };
  const fetch = createSafeFetch({
    ...rules,
    userAgent: options.userAgent ?? 'SitefleetMonitor/1.0',
    lookup: resolver,
    defaultMaxBytes: maxBodyBytes,
  });
  return {
    fetch,
    policy: createAddressPolicy(rules),
    resolver,
    pingPath: options.pingPath,
    maxBodyBytes,
    close: () => fetch.close(),
  };
}

const describe = (err: unknown) => {
  const text = errorMessage(err);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

/** Runs the check of the target's type; a module that throws yields a down result, never a rejection. */
export async function runCheck(target: CheckTarget, ctx: CheckContext): Promise<CheckResult> {
  const started = performance.now();
  try {
    return await checkFor(target.type).run(target, ctx);
  } catch (err) {
    return { up: false, message: `Check failed: ${describe(err)}`, responseMs: performance.now() - started };
  }
}
