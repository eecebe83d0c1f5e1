import {
  actions,
  disavowLine,
  epochDay,
  resources,
  toAsciiDomain,
  type DisavowType,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { epochNow } from '../../../core/time.js';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type ResourceModel, type WriteEvent } from '../../../core/resource.js';
import { sql } from '../../../core/sql.js';
import type { AppDeps } from '../../../deps.js';
import { websiteHostname } from '../wordpress/resources.js';

/** A URL as stored and looked up: http(s) only, host lower-cased, no fragment; null when it is none. */
export function normaliseDisavowUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.toString();
}

/** SPEC §3: a domain entry holds the domain (scheme, www. and path dropped), a URL entry the URL. */
function checkEntry(e: WriteEvent): void {
  const type = (e.values.type ?? e.existing?.type) as DisavowType;
  const raw = String(e.values.value ?? e.existing?.value ?? '');
  if (!('value' in e.values) && !('type' in e.values)) return;
  const value = type === 'domain' ? toAsciiDomain(raw) : normaliseDisavowUrl(raw);
  if (value === null)
    throw invalid({
      value: type === 'domain' ? 'Enter a domain name (example.com)' : 'Enter a full URL (https://…)',
    });
  e.values.value = value;
}

/** The domains a host is covered by: itself and each parent domain (a `domain:` entry covers subdomains). */
function coveringDomains(host: string): string[] {
  const labels = host.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

function registerDisavowActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  registerAction(app, actions.backlinks.isDisavowed, {
    handler: async ({ query, ctx }) => {
      const raw = query.value.trim();
      const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? normaliseDisavowUrl(raw) : null;
      const host = toAsciiDomain(raw);
      if (!host && !url) throw invalid({ value: 'Enter a domain or a URL' });
      const visible = engine.visibleIds(ctx, model);
      const q = sql`SELECT id, website_id, type FROM disavowed_domains
             WHERE id IN (${visible})
               AND ((type = 'domain' AND value = ANY(${host ? coveringDomains(host) : []}::text[]))
                 OR (type = 'url' AND value = ${url ?? ''}))
             ORDER BY website_id, id`.query();
      const r = await ctx.db.query<{ id: number; website_id: number; type: DisavowType }>(q.text, q.values);
      const hits = (type: DisavowType) =>
        r.rows
          .filter((row) => row.type === type)
          .map((row) => ({ id: Number(row.id), website_id: Number(row.website_id) }));
      return { data: { domains: hits('domain'), urls: hits('url') } };
    },
  });

  const websites = engine.model('websites');
  registerAction(app, actions.backlinks.exportDisavowFile, {
    handler: async ({ params, ctx, reply }) => {
      const site = await engine.getOne(ctx, websites, Number(params.id));
      const visible = engine.visibleIds(ctx, model);
      const q = sql`SELECT type, value FROM disavowed_domains
             WHERE website_id = ${Number(site.id)} AND id IN (${visible})
             ORDER BY type, value`.query();
      const r = await ctx.db.query<{ type: DisavowType; value: string }>(q.text, q.values);
      const host = String(site.hostname ?? site.id).replace(/[^a-z0-9.-]/gi, '');
      void reply.header('content-disposition', `attachment; filename="disavow-${host}.txt"`);
      const domains = r.rows.filter((e) => e.type === 'domain').length;
      return [
        `# Disavow file for ${host}, exported from Sitefleet on ${epochDay(epochNow())}`,
        `# ${domains} domain${domains === 1 ? '' : 's'}, ${r.rows.length - domains} URL${r.rows.length - domains === 1 ? '' : 's'}`,
        ...r.rows.map((e) => disavowLine(e.type, e.value)),
        '',
      ].join('\n');
    },
  });
}

export const disavowedDomainsResource = defineServerResource<
  typeof resources.disavowedDomains.fields,
  AppDeps
>({
  spec: resources.disavowedDomains,
  table: 'disavowed_domains',
  computed: { ...websiteHostname },
  conflicts: { disavowed_domains_entry_key: 'This website already disavows it' },
  hooks: { beforeWrite: checkEntry },
  actions: registerDisavowActions,
});
