import { actions, resources, type ActionResponse } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import type { ResourceModel } from '../../core/resource.js';
import { registerAction } from '../../core/actions.js';
import type { AppDeps } from '../../deps.js';
import type { DomainInfo } from '../../integrations/rdap/types.js';
import type { DnsRecord } from '../../integrations/dns/types.js';
import type { Queryable } from '../../db/db.js';
import { applyDns } from './domain-dns.js';
import { applyWhois } from './domain-whois.js';

type Refreshed = ActionResponse<typeof actions.dms.refreshDomain>['data'];
type JobItem = Refreshed['job_output'][number];

/** What a refresh read from outside: registration data and DNS, each with its failure when it failed. */
export interface DomainLookup {
  info: DomainInfo | null;
  records: DnsRecord[] | null;
  failures: string[];
}

/** Reads a domain's registration data (RDAP, WHOIS fallback) and its DNS; never throws. */
export async function lookupDomainData(deps: AppDeps, name: string): Promise<DomainLookup> {
  const failures: string[] = [];
  let info: DomainInfo | null = null;
  try {
    info = await deps.integrations.lookupDomain(name);
    if (!info) failures.push(`WHOIS: no registration data found for ${name}`);
  } catch (err) {
    failures.push(`WHOIS: ${(err as Error).message}`);
  }
  let records: DnsRecord[] | null = null;
  try {
    records = await deps.integrations.lookupDns(name);
  } catch (err) {
    failures.push(`DNS: ${(err as Error).message}`);
  }
  return { info, records, failures };
}

/** Stores what a lookup found; answers one summary line per part stored. */
export async function applyDomainData(tx: Queryable, id: number, found: DomainLookup): Promise<string[]> {
  const done: string[] = [];
  if (found.info) done.push(await applyWhois(tx, id, found.info));
  if (found.records) {
    try {
      done.push(await applyDns(tx, id, found.records));
    } catch (err) {
      // applyDns refuses before writing (an empty answer for a zone with records): report, keep the rest.
      found.failures.push(`DNS: ${(err as Error).message}`);
    }
  }
  return done;
}

/**
 * GET /domains/{id}/refresh: re-reads the domain's registration data (RDAP, WHOIS fallback) and its DNS,
 * stores both, records DNS changes, and answers with what succeeded and what failed (SPEC §7.1).
 */
export async function refreshDomain(deps: AppDeps, ctx: RequestContext, id: number): Promise<Refreshed> {
  const model = deps.engine.model(resources.domains.name);
  const name = String((await deps.engine.getOne(ctx, model, id)).name); // 404 outside the access rule
  const found = await lookupDomainData(deps, name);
  const done = await deps.db.transaction((tx) => applyDomainData(tx, id, found));
  for (const written of ['domains', 'registrars', 'registrants', 'nameservers']) {
    await deps.engine.changed(deps.engine.model(written));
  }
  const item = (message: string): JobItem => ({ output: { message } });
  return { job_output: done.map(item), failed_job_output: found.failures.map(item) };
}

export function registerDomainRefresh(app: FastifyInstance, _model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.dms.refreshDomain, {
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const data = await refreshDomain(deps, ctx, id);
      await ctx.audit('refresh', `domains/${id}`, { failed: data.failed_job_output.length });
      return { data };
    },
  });
}
