import { actions, AFFILIATE_TRACKED_FIELDS, resources, type RedirectionType } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { errorMessage, invalid } from '../../../core/errors.js';
import {
  defineServerResource,
  type ResourceModel,
  type Row,
  type WriteEvent,
} from '../../../core/resource.js';
import { epochNow } from '../../../core/time.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import type { SafeFetch } from '../../../integrations/http/safe-fetch.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand } from '../../../jobs/types.js';
import { websiteHostname } from '../wordpress/resources.js';

/**
 * A permalink as stored: a path on the website ('/go/brand/'), percent-encoded as a browser would send it;
 * a full URL of any host gives its path and query.
 */
export function normalisePermalink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  try {
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
    const url = absolute
      ? new URL(value)
      : new URL(value.startsWith('/') ? value : `/${value}`, 'https://site.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The permalink checked, the target reset to unconfirmed when what it should do changed. */
function checkLink(e: WriteEvent): void {
  if (typeof e.values.permalink === 'string') {
    const permalink = normalisePermalink(e.values.permalink);
    if (permalink === null) throw invalid({ permalink: 'Enter the path on the website (/go/brand/)' });
    e.values.permalink = permalink;
  }
  if (
    e.existing &&
    ['permalink', 'redirect_to', 'redirection_type'].some(
      (k) => k in e.values && e.values[k] !== e.existing![k],
    )
  )
    e.values.link_confirmed = false;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** SPEC §2.5 Changes: each tracked field that a write changed, with who changed it. */
async function recordChanges(e: WriteEvent & { record: Row }): Promise<void> {
  const changed = AFFILIATE_TRACKED_FIELDS.filter(
    (f) => f in e.values && text(e.values[f]) !== text(e.existing?.[f]),
  );
  if (!changed.length) return;
  await e.tx.query(
    `INSERT INTO affiliate_link_changes (affiliate_link_id, field, old_value, new_value, user_id)
     SELECT $1, x.field, x.old_value, x.new_value, $3
     FROM jsonb_to_recordset($2::jsonb) AS x(field text, old_value text, new_value text)`,
    [
      Number(e.record.id),
      JSON.stringify(
        changed.map((f) => ({ field: f, old_value: text(e.existing?.[f]), new_value: text(e.record[f]) })),
      ),
      e.ctx.user?.id ?? null,
    ],
  );
}

interface AffiliateTarget {
  id: number;
  url: string;
  permalink: string;
  redirect_to: string | null;
  redirection_type: RedirectionType;
}

async function targetOf(db: Queryable, id: number): Promise<AffiliateTarget | null> {
  const r = await db.query<AffiliateTarget>(
    `SELECT a.id, w.url, a.permalink, a.redirect_to, a.redirection_type
       FROM affiliate_links a JOIN websites w ON w.id = a.website_id WHERE a.id = $1`,
    [id],
  );
  const row = r.rows[0];
  return row
    ? { ...row, id: Number(row.id), redirection_type: Number(row.redirection_type) as RedirectionType }
    : null;
}

const comparable = (u: string) => {
  try {
    const url = new URL(u);
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return u;
  }
};

/** Requests the permalink without following it: confirmed when it answers the declared redirect to redirect_to. */
export async function probeAffiliate(fetch: SafeFetch, link: AffiliateTarget) {
  const address = new URL(link.permalink, link.url.endsWith('/') ? link.url : `${link.url}/`).toString();
  try {
    const res = await fetch(address, {
      method: 'GET',
      maxRedirects: 0,
      discardBody: true,
      timeoutMs: 15_000,
    });
    const location = res.headers.location ? new URL(res.headers.location, address).toString() : null;
    const expected = link.redirect_to;
    let message: string;
    let confirmed = false;
    if (res.status !== 301 && res.status !== 302 && res.status !== 307 && res.status !== 308)
      message = `${address} answers ${res.status}, not a ${link.redirection_type} redirect`;
    else if (res.status !== link.redirection_type)
      message = `${address} redirects with ${res.status}, not ${link.redirection_type}`;
    else if (expected && location && comparable(location) !== comparable(expected))
      message = `${address} redirects to ${location}, not ${expected}`;
    else {
      confirmed = true;
      message = `${address} redirects (${res.status}) to ${location ?? 'nowhere'}`;
    }
    return { link_confirmed: confirmed, message, http_status: res.status, location };
  } catch (err) {
    return {
      link_confirmed: false,
      message: `${address}: ${errorMessage(err)}`,
      http_status: null,
      location: null,
    };
  }
}

async function saveProbe(db: Queryable, id: number, probe: { link_confirmed: boolean; message: string }) {
  await db.query(
    `UPDATE affiliate_links SET link_confirmed = $2, check_message = $3, last_checked_at = $4 WHERE id = $1`,
    [id, probe.link_confirmed, probe.message.slice(0, 500), epochNow()],
  );
}

function registerAffiliateActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;
  registerAction(app, actions.backlinks.checkAffiliateLink, {
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const link = await targetOf(deps.db, id);
      if (!link) throw invalid({ id: 'The link has no website' });
      const probe = await probeAffiliate(deps.integrations.safeFetch, link);
      await saveProbe(deps.db, id, probe);
      await engine.changed(model);
      return { data: probe };
    },
  });
  registerAction(app, actions.backlinks.affiliateLinkChanges, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await engine.getOne(ctx, model, id);
      const r = await deps.db.query<{
        id: string | number;
        field: string;
        old_value: string | null;
        new_value: string | null;
        changed_at: string | number;
        user_name: string | null;
      }>(
        `SELECT c.id, c.field, c.old_value, c.new_value, c.changed_at, u.name AS user_name
           FROM affiliate_link_changes c LEFT JOIN users u ON u.id = c.user_id
          WHERE c.affiliate_link_id = $1 ORDER BY c.changed_at DESC, c.id DESC LIMIT 500`,
        [id],
      );
      return {
        data: r.rows.map((row) => ({ ...row, id: Number(row.id), changed_at: Number(row.changed_at) })),
      };
    },
  });
}

export const affiliateLinksResource = defineServerResource<typeof resources.affiliateLinks.fields, AppDeps>({
  spec: resources.affiliateLinks,
  table: 'affiliate_links',
  computed: { ...websiteHostname },
  conflicts: {
    affiliate_links_permalink_key: 'This website already has an affiliate link with this permalink',
  },
  hooks: { beforeWrite: checkLink, afterWrite: recordChanges },
  actions: registerAffiliateActions,
});

/** affiliate-links:check (daily): every affiliate link's permalink requested, link_confirmed set from it. */
export const affiliateLinksCheck = defineCommand<Record<string, never>>({
  service: 'dms',
  name: 'affiliate-links:check',
  description: 'Confirm that every affiliate permalink answers its declared redirect to its target',
  arguments: [],
  schedule: { cron: '45 4 * * *' },
  retry: { limit: 1, delay: 60, backoff: true },
  timeoutSeconds: 30,
  batchSize: 16,
  parse: (raw) => parseArguments([], raw) as Record<string, never>,
  async plan(_a, { deps }) {
    const r = await deps.db.query<{ id: number; permalink: string }>(
      'SELECT id, permalink FROM affiliate_links ORDER BY last_checked_at NULLS FIRST, id',
    );
    return r.rows.map((row) => ({ key: `${row.id} ${row.permalink}`, input: { id: Number(row.id) } }));
  },
  async run(unit, _run, { deps }) {
    const link = await targetOf(deps.db, Number(unit.input.id));
    if (!link) return { output: { message: `${unit.key}: deleted before its check` }, failed: true };
    const probe = await probeAffiliate(deps.integrations.safeFetch, link);
    return {
      output: { message: probe.message },
      ...(probe.link_confirmed ? {} : { failed: true }),
      commit: (tx) => saveProbe(tx, link.id, probe),
    };
  },
});
