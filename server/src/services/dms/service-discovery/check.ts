import { isServiceType, SERVICE_TYPE_INFO, type ServiceType } from '@sitefleet/shared';
import { errorMessage } from '../../../core/errors.js';
import { epochNow } from '../../../core/time.js';
import type { Queryable } from '../../../db/db.js';
import type { Integrations } from '../../../deps.js';
import { resolveHost, type DnsAsker, type HostResolution } from '../../../integrations/dns/resolve.js';
import { DnsError, type DnsRecord } from '../../../integrations/dns/types.js';
import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import { urlHost } from './names.js';
import {
  dnsRecordVerdict,
  probeVerdict,
  reachVerdict,
  retryWithGet,
  type DnsStep,
  type ProbeResult,
  type Verdict,
} from './verify.js';

/** Total time of one HTTP request of a probe, redirects included. */
export const PROBE_TIMEOUT_MS = 10_000;
const PROBE_REDIRECTS = 5;
const MESSAGE_CHARS = 500;

/** What a check needs of a stored service. */
export interface ServiceTarget {
  type: ServiceType;
  location: string;
  hostname: string;
}

/** The evidence of a check, stored with the service and shown on its page. */
export interface ServiceEvidence {
  check: 'dns' | 'http';
  /** Every DNS question asked, in order, with its answer (or error). */
  dns: Array<DnsStep & { error?: string }>;
  /** The hostname's addresses and the CNAMEs that led to them. */
  addresses: string[];
  cnames: string[];
  /** The HTTP answer of an HTTP type (null when DNS already failed it, and for DNS types). */
  http: ProbeResult | null;
  /** The resolvers' failure (a timeout, SERVFAIL), when that ended the check. */
  error: string | null;
}

export interface ServiceCheckResult {
  verified: boolean;
  message: string;
  checked_at: number;
  evidence: ServiceEvidence;
}

const answerText = (r: DnsRecord): string =>
  r.type === 'MX' ? `${r.pri ?? 0} ${r.target ?? ''}` : (r.ip ?? r.target ?? '');

/** A DNS client that writes each question and its answer (or failure) into the evidence. */
function recording(dns: DnsAsker, steps: ServiceEvidence['dns']): DnsAsker {
  const query: DnsAsker['query'] = async (name, type) => {
    try {
      const a = await dns.query(name, type);
      steps.push({
        name: a.name,
        type,
        answers: a.records.map(answerText),
        nxdomain: a.nxdomain,
        server: a.server,
      });
      return a;
    } catch (err) {
      steps.push({ name, type, answers: [], nxdomain: false, server: '', error: errorMessage(err) });
      throw err;
    }
  };
  return { query, lookup: async (name, type) => (await query(name, type)).records };
}

/** HEAD the URL (GET when HEAD is refused with 405 or 501), following redirects; never throws. */
export async function probeUrl(fetch: SafeFetch, url: string): Promise<ProbeResult> {
  let method: 'HEAD' | 'GET' = 'HEAD';
  try {
    const ask = async (m: 'HEAD' | 'GET'): Promise<ProbeResult> => {
      method = m;
      const res = await fetch(url, {
        method: m,
        discardBody: true,
        maxRedirects: PROBE_REDIRECTS,
        timeoutMs: PROBE_TIMEOUT_MS,
      });
      return { method: m, status: res.status, final_url: res.url, redirects: res.redirects, error: null };
    };
    const head = await ask('HEAD');
    return head.status !== null && retryWithGet(head.status) ? await ask('GET') : head;
  } catch (err) {
    return { method, status: null, final_url: null, redirects: [], error: errorMessage(err) };
  }
}

/**
 * Checks one service: its record in DNS (DNS types), or its hostname's resolution, the URL's way to it and an
 * HTTP request (HTTP types). A failing resolver or a dead host ends in verified false with the reason; only
 * a fault of this program is thrown.
 */
export async function checkService(
  integrations: Pick<Integrations, 'dns' | 'probeFetch'>,
  service: ServiceTarget,
): Promise<ServiceCheckResult> {
  const info = SERVICE_TYPE_INFO[service.type];
  const evidence: ServiceEvidence = {
    check: info.check,
    dns: [],
    addresses: [],
    cnames: [],
    http: null,
    error: null,
  };
  const dns = recording(integrations.dns, evidence.dns);
  const keep = (host: HostResolution) => {
    evidence.addresses = host.addresses;
    evidence.cnames = host.cnames;
    return host;
  };
  let verdict: Verdict;
  try {
    if (info.check === 'dns') {
      const answer = await dns.query(service.location, info.record);
      const names = answer.records.map((r) => r.target).filter((t): t is string => !!t);
      const host = keep(await resolveHost(dns, service.hostname));
      verdict = dnsRecordVerdict(
        info.record,
        service.location,
        service.hostname,
        { names, nxdomain: answer.nxdomain },
        host,
      );
    } else {
      const host = keep(await resolveHost(dns, service.hostname));
      const target = urlHost(service.location);
      const via = target === service.hostname ? host : await resolveHost(dns, target);
      const unreachable = reachVerdict(target, service.hostname, host, via);
      if (unreachable) verdict = unreachable;
      else {
        evidence.http = await probeUrl(integrations.probeFetch, service.location);
        verdict = probeVerdict(service.location, evidence.http);
      }
    }
  } catch (err) {
    if (!(err instanceof DnsError)) throw err;
    evidence.error = err.message;
    verdict = { verified: false, message: `DNS: ${err.message}` };
  }
  return { ...verdict, message: verdict.message.slice(0, MESSAGE_CHARS), checked_at: epochNow(), evidence };
}

/** A stored service as a check reads it; null when it is gone. */
export async function serviceTarget(
  db: Queryable,
  id: number,
): Promise<(ServiceTarget & { id: number }) | null> {
  const r = await db.query<{ id: number; type: string; location: string; hostname: string }>(
    'SELECT id, type, location, hostname FROM service_discoveries WHERE id = $1',
    [id],
  );
  const row = r.rows[0];
  return row && isServiceType(row.type)
    ? { id: Number(row.id), type: row.type, location: row.location, hostname: row.hostname }
    : null;
}

/**
 * Stores a check's outcome on its service, unless the service was changed meanwhile (a check of what it no
 * longer says is not its check). A check is no edit: version and updated_at stay. Answers whether it stored.
 */
export async function saveCheck(
  db: Queryable,
  service: ServiceTarget & { id: number },
  result: ServiceCheckResult,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE service_discoveries SET verified = $5, last_checked = $6, check_message = $7, evidence = $8::jsonb
      WHERE id = $1 AND type = $2 AND location = $3 AND hostname = $4`,
    [
      service.id,
      service.type,
      service.location,
      service.hostname,
      result.verified,
      result.checked_at,
      result.message,
      JSON.stringify(result.evidence),
    ],
  );
  return r.rowCount > 0;
}
