import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors.js';
import type { ResourceModel } from '../../core/resource.js';
import { idParamsSchema } from '../../core/schema.js';
import type { AppDeps } from '../../deps.js';
import type { DomainInfo } from '../../integrations/rdap/types.js';
import { applyDns } from './domain-dns.js';
import { applyWhois } from './domain-whois.js';

export interface JobItem {
  output: { message: string };
}

const item = {
  type: 'object',
  properties: { output: { type: 'object', properties: { message: { type: 'string' } } } },
};

/**
 * GET /domains/{id}/refresh: re-reads the domain's registration data (RDAP, WHOIS fallback) and its DNS,
 * stores both, records DNS changes, and answers with what succeeded and what failed (SPEC §7.1).
 */
export async function refreshDomain(
  deps: AppDeps,
  id: number,
): Promise<{ job_output: JobItem[]; failed_job_output: JobItem[] }> {
  const r = await deps.db.query<{ name: string }>('SELECT name FROM domains WHERE id = $1', [id]);
  const name = r.rows[0]?.name;
  if (!name) throw notFound(`Domains: no record with id ${id}`);
  const ok: JobItem[] = [];
  const failed: JobItem[] = [];
  const say = (list: JobItem[], message: string) => list.push({ output: { message } });

  let info: DomainInfo | null = null;
  try {
    info = await deps.integrations.lookupDomain(name);
    if (!info) say(failed, `WHOIS: no registration data found for ${name}`);
  } catch (err) {
    say(failed, `WHOIS: ${(err as Error).message}`);
  }
  if (info) {
    const found = info;
    const summary = await deps.db.transaction((tx) => applyWhois(tx, id, found));
    say(ok, summary);
  }
  try {
    const records = await deps.integrations.lookupDns(name);
    const summary = await deps.db.transaction((tx) => applyDns(tx, id, records));
    say(ok, summary);
  } catch (err) {
    say(failed, `DNS: ${(err as Error).message}`);
  }
  return { job_output: ok, failed_job_output: failed };
}

export function registerDomainRefresh(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  app.get(`/${model.path}/:id/refresh`, {
    config: { access: 'permission', rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags: [model.spec.service],
      summary: 'Refresh registration (RDAP, WHOIS fallback) and DNS data of one domain',
      params: idParamsSchema,
      response: {
        200: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                job_output: { type: 'array', items: item },
                failed_job_output: { type: 'array', items: item },
              },
            },
          },
        },
      },
    },
    handler: async (request) => {
      const id = Number((request.params as { id: string }).id);
      const data = await refreshDomain(deps, id);
      await request.ctx.audit('refresh', `domains/${id}`, { failed: data.failed_job_output.length });
      return { data };
    },
  });
}
