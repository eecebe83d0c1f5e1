import { actions, type ActionResponse } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { invalid } from '../../../core/errors.js';
import type { ResourceModel, Row } from '../../../core/resource.js';
import { rawSql, sql } from '../../../core/sql.js';
import type { AppDeps } from '../../../deps.js';

type FreelancerContact = ActionResponse<
  typeof actions.providers.freelancerSearch
>['data']['bought']['contacts'][number];

/** Offers and bought links shown at the most. */
const OFFERS_SHOWN = 200;
const BOUGHT_READ = 200;

/** The host of a host name or URL, lower-case, without a leading www.; null when it is neither. */
export function searchedHost(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** SQL of the host of an external backlink's linking page (`t.backlink`), lower-case, www. stripped. */
const BACKLINK_HOST = `regexp_replace(lower(substring(t.backlink from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)')), '^www\\.', '')`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A stored contact ({name, email, im}) as the answer carries it; null when it has none of them. */
function contactOf(raw: unknown): FreelancerContact | null {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: FreelancerContact = {};
  for (const key of ['name', 'email', 'im'] as const) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v) out[key] = v;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * Freelancer search (issue 18 part 4): for a third-party host, the providers selling links on it and the
 * links we already bought there. Both are read through the engine, under each resource's access rule.
 */
export function registerProviderActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  const backlinks = engine.model('external-backlinks');

  registerAction(app, actions.providers.freelancerSearch, {
    handler: async ({ query, ctx }) => {
      const host = searchedHost(query.hostname);
      if (!host) throw invalid({ hostname: 'Enter a host name such as example.com' });
      const onHost = sql`t.hostname IN (${host}, ${`www.${host}`})`;
      const offers = await engine.list(
        ctx,
        model,
        { sortBy: 'price_in_euro', sortOrder: 'ASC', page: 1, perPage: OFFERS_SHOWN, filter: {} },
        { where: onHost },
      );
      const boughtWhere = { where: sql`${rawSql(BACKLINK_HOST)} = ${host}` };
      const [count, bought] = await Promise.all([
        engine.count(ctx, backlinks, boughtWhere),
        engine.list(
          ctx,
          backlinks,
          { sortBy: 'id', sortOrder: 'DESC', page: 1, perPage: BOUGHT_READ, filter: {} },
          boughtWhere,
        ),
      ]);
      const last: Row | undefined = bought.data[0];
      const contacts: FreelancerContact[] = [];
      const seen = new Set<string>();
      for (const row of bought.data) {
        const contact = contactOf(row.contact);
        if (!contact) continue;
        const key = JSON.stringify([contact.email ?? '', contact.name ?? '', contact.im ?? '']);
        if (seen.has(key)) continue;
        seen.add(key);
        contacts.push(contact);
      }
      return {
        data: {
          hostname: host,
          offers: offers.data.map((r) => ({
            id: Number(r.id),
            url: String(r.url),
            agency: str(r.agency),
            price: num(r.price),
            currency: str(r.currency),
            price_in_euro: num(r.price_in_euro),
            updated_at: Number(r.updated_at),
          })),
          bought: {
            count,
            last_price: last ? num(last.price) : null,
            last_currency: last ? str(last.currency) : null,
            last_bought_at: last ? (num(last.start_date) ?? Number(last.created_at)) : null,
            contacts,
          },
        },
      };
    },
  });
}
