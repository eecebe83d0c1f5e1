/**
 * The inventory side of a launch: the domain and website it records (through the engine, so their rules,
 * hooks and listeners hold as for a form), the notification to IT, and the reads of its steps. Each write
 * looks for an earlier attempt's record first, so a retried step finds rather than duplicates.
 */
import { IT_ROLE, resources } from '@sitefleet/shared';
import type { RequestContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { sql } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import type { DraftRow } from './draft-repository.js';
import { siteUrl } from './step-kit.js';

export interface Placement {
  serverId: number;
  serverName: string;
  runcloudServerId: number | null;
  ipId: number;
  ip: string;
}

async function rows<T>(db: Queryable, q: ReturnType<typeof sql>): Promise<T[]> {
  const { text, values } = q.query();
  return (await db.query<T>(text, values)).rows;
}

/** A refusal of the engine as one sentence: its field errors after its message. */
function sentence(err: unknown): never {
  if (err instanceof AppError && err.fields) {
    throw new Error(
      `${err.message}: ${Object.entries(err.fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
    );
  }
  throw err;
}

export interface SiteRecords {
  domainByName(hostname: string): Promise<{ id: number; website_id: number | null } | null>;
  /** The server and IP of the draft's choice (checked when chosen; a deleted one fails the step). */
  placement(serverId: number, ipId: number): Promise<Placement>;
  saveSite(
    draft: DraftRow,
    hostname: string,
  ): Promise<{ websiteId: number; domainId: number; created: boolean }>;
  notifyIt(draft: DraftRow, hostname: string): Promise<{ id: number; role: string }>;
  /** Who administers a new WordPress: the site's owner, else whoever runs the launch. */
  ownerEmail(draft: DraftRow): Promise<string>;
}

export function siteRecords(deps: AppDeps, ctx: RequestContext): SiteRecords {
  const { engine, db } = deps;
  const domains = engine.model(resources.domains.name);
  const websites = engine.model(resources.websites.name);
  const notifications = engine.model(resources.notifications.name);

  const domainByName = async (hostname: string) => {
    const [row] = await rows<{ id: number; website_id: number | null }>(
      db,
      sql`SELECT id, website_id FROM domains WHERE name = ${hostname}`,
    );
    return row
      ? { id: Number(row.id), website_id: row.website_id === null ? null : Number(row.website_id) }
      : null;
  };

  return {
    domainByName,

    async placement(serverId, ipId) {
      const [row] = await rows<{ name: string; runcloud_server_id: number | null; ip_address: string }>(
        db,
        sql`SELECT s.name, s.runcloud_server_id, i.ip_address FROM servers s
            JOIN ip_addresses i ON i.id = ${ipId} AND i.server_id = s.id WHERE s.id = ${serverId}`,
      );
      if (!row) throw new Error('The chosen server or IP address is gone: go back and choose again');
      return {
        serverId,
        serverName: row.name,
        runcloudServerId: row.runcloud_server_id === null ? null : Number(row.runcloud_server_id),
        ipId,
        ip: row.ip_address,
      };
    },

    async saveSite(draft, hostname) {
      let domainId = draft.domain_id;
      if (domainId !== null && !(await rows(db, sql`SELECT 1 FROM domains WHERE id = ${domainId}`)).length)
        domainId = null;
      domainId ??= (await domainByName(hostname))?.id ?? null;
      if (domainId === null) {
        const created = await engine
          .create(ctx, domains, {
            name: hostname,
            nameservers: draft.outcome.zone?.name_servers ?? [],
            pulled_from: 'launch wizard',
            auto_renew: true,
            expiration_alerts: true,
          })
          .catch(sentence);
        domainId = Number(created.id);
      }
      let websiteId = draft.website_id;
      if (websiteId !== null && !(await rows(db, sql`SELECT 1 FROM websites WHERE id = ${websiteId}`)).length)
        websiteId = null;
      if (websiteId === null) {
        const [found] = await rows<{ id: number }>(
          db,
          sql`SELECT id FROM websites WHERE hostname IN (${hostname}, ${`www.${hostname}`}) AND status <> 'DELETED' ORDER BY id LIMIT 1`,
        );
        websiteId = found ? Number(found.id) : null;
      }
      let created = false;
      if (websiteId === null) {
        const webapp = draft.outcome.webapp;
        const site = await engine
          .create(ctx, websites, {
            url: siteUrl(draft, hostname),
            friendly_name: draft.info.friendly_name,
            type: draft.info.type,
            target_market: draft.info.target_market,
            status: 'PENDING_DEVELOPMENT',
            user_id: draft.info.user_id,
            domain_id: domainId,
            server_id: draft.choices.server_id,
            ip_address_id: draft.choices.ip_address_id,
            runcloud_server_id: webapp?.id ? webapp.runcloud_server_id : null,
            runcloud_webapp_id: webapp?.id ?? null,
            notes: `Launched with the website creation wizard (launch #${draft.id}).`,
          })
          .catch(sentence);
        websiteId = Number(site.id);
        created = true;
      }
      const [link] = await rows<{ website_id: number | null }>(
        db,
        sql`SELECT website_id FROM domains WHERE id = ${domainId}`,
      );
      if (link && link.website_id === null) {
        await engine.update(ctx, domains, domainId, { website_id: websiteId }, null).catch(sentence);
      }
      return { websiteId, domainId, created };
    },

    async ownerEmail(draft) {
      const ids = [draft.info.user_id, ctx.user?.id ?? null].filter((x): x is number => x !== null);
      for (const userId of ids) {
        const [u] = await rows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${userId}`);
        if (u?.email) return u.email;
      }
      throw new Error('The site has no owner with an e-mail address to administer WordPress');
    },

    async notifyIt(draft, hostname) {
      const [role] = await rows<{ id: number }>(db, sql`SELECT id FROM roles WHERE name = ${IT_ROLE}`);
      if (!role) throw new Error(`There is no ${IT_ROLE} role to notify`);
      const place =
        draft.choices.server_id && draft.choices.ip_address_id
          ? await this.placement(draft.choices.server_id, draft.choices.ip_address_id)
          : null;
      const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const items = [
        `Domain: ${hostname}${draft.outcome.purchase?.bought ? ` (bought: ${draft.outcome.purchase.registrar})` : ''}`,
        place ? `Server: ${place.serverName}, IP ${place.ip}` : null,
        draft.outcome.zone
          ? `DNS: Cloudflare zone, nameservers ${draft.outcome.zone.name_servers.join(', ')}`
          : null,
        draft.outcome.webapp?.id
          ? `RunCloud web app #${draft.outcome.webapp.id}, WordPress installed`
          : 'No fresh install',
        draft.outcome.dns ? `A records: ${draft.outcome.dns.records.join(', ')}` : null,
        draft.info.ssl ? 'SSL: to be issued' : 'SSL: off',
      ].filter((x): x is string => x !== null);
      const note = draft.outcome.note ? `<p>${esc(draft.outcome.note)}</p>` : '';
      const created = await engine
        .create(ctx, notifications, {
          title: `New website to set up: ${hostname}`,
          message: `<p>A new site was launched with the website creation wizard.</p><ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>${note}`,
          type: 'INFO',
          link: draft.website_id ? `#/${resources.websites.path}/${draft.website_id}/show` : null,
          recipients: Number(role.id),
        })
        .catch(sentence);
      return { id: Number(created.id), role: IT_ROLE };
    },
  };
}
