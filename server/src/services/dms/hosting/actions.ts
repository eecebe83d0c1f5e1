import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { AppError, conflict, invalid, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { isRunCloudError } from '../../../integrations/runcloud/index.js';
import { summarizeOpcache } from './opcache-summary.js';
import { siteReads, visibleServers } from './opcache-repository.js';
import { saveServices, serverLink, serviceStatusRows, snapshotOf } from './runcloud-repository.js';
import { serviceState } from './wire.js';

type ServerServices = actions.hosting.ServerServices;

const now = () => Math.floor(Date.now() / 1000);

/**
 * The hosting panel's calls on servers: services (RunCloud's live answer, else the stored one) and their
 * restart, the RunCloud snapshot, the Service Status and OpCache overviews. Each reads its server under the
 * engine's access rule first, so one the user may not see is a 404; the overviews take the visible ids.
 */
export function registerHostingActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine, db } = deps;
  const websites = () => engine.model('websites');

  /** The server (under the access rule) and its RunCloud link. */
  async function server(ctx: RequestContext, id: number) {
    await engine.getOne(ctx, model, id);
    const link = await serverLink(db, id);
    if (!link) throw notFoundRecord(model.spec.label, id);
    return link;
  }

  /** Reads the services from RunCloud and stores them; the stored read, with the reason, when it cannot. */
  async function services(id: number, runcloudId: number | null): Promise<ServerServices> {
    const snapshot = await snapshotOf(db, id);
    const stored = (message: string): ServerServices => ({
      server_id: id,
      runcloud_server_id: runcloudId ?? snapshot?.runcloud_server_id ?? null,
      source: snapshot?.services_read_at ? 'snapshot' : 'none',
      read_at: snapshot?.services_read_at ?? null,
      message,
      services: snapshot?.services ?? [],
    });
    const client = deps.integrations.runcloud;
    if (runcloudId === null)
      return stored(
        'This server is not linked to RunCloud: set its RunCloud server ID, or run runcloud:sync',
      );
    if (!client)
      return stored('RunCloud is not configured (RUNCLOUD_API_TOKEN): the last stored read is shown');
    try {
      const at = now();
      const list = (await client.services(runcloudId)).map(serviceState);
      await saveServices(db, id, runcloudId, list, at);
      return {
        server_id: id,
        runcloud_server_id: runcloudId,
        source: 'runcloud',
        read_at: at,
        message: null,
        services: list,
      };
    } catch (err) {
      if (!isRunCloudError(err)) throw err;
      return stored(`RunCloud could not be read, the last stored read is shown: ${err.message}`);
    }
  }

  registerAction(app, actions.hosting.serverServices, {
    // Each call asks RunCloud (its own limit is about 60 a minute per token).
    perMinute: 30,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const link = await server(ctx, id);
      return { data: await services(id, link.runcloud_server_id) };
    },
  });

  registerAction(app, actions.hosting.restartServerService, {
    perMinute: 10,
    handler: async ({ params, body, ctx }) => {
      const id = Number(params.id);
      const link = await server(ctx, id);
      const { realName, action } = body;
      const snapshot = await snapshotOf(db, id);
      const known = snapshot?.services ?? [];
      if (!known.some((s) => s.realName === realName))
        throw invalid({
          realName: known.length
            ? `"${realName}" is not a service of ${link.name}: one of ${known.map((s) => s.realName).join(', ')}`
            : `No services of ${link.name} are known yet: run runcloud:sync first`,
        });
      const client = deps.integrations.runcloud;
      if (!client)
        throw conflict('RunCloud is not configured (RUNCLOUD_API_TOKEN): services cannot be restarted');
      const runcloudId = link.runcloud_server_id;
      if (runcloudId === null) throw conflict(`${link.name} is not linked to RunCloud`);
      const target = `${model.name}/${id}`;
      let said: string | null;
      try {
        said = (await client.serviceAction(runcloudId, realName, action)).message;
      } catch (err) {
        if (!isRunCloudError(err)) throw err;
        await ctx.audit('server.service_restart', target, {
          realName,
          action,
          ok: false,
          error: err.message,
        });
        if (err.kind === 'invalid' && err.fields?.realName) throw invalid({ realName: err.fields.realName });
        throw new AppError('bad_gateway', err.message);
      }
      const message = said ?? `${realName} was restarted`;
      await ctx.audit('server.service_restart', target, { realName, action, ok: true, message });
      const after = await services(id, runcloudId);
      return {
        data: {
          realName,
          action,
          message,
          service:
            after.source === 'runcloud'
              ? (after.services.find((s) => s.realName === realName) ?? null)
              : null,
          services: after,
        },
      };
    },
  });

  registerAction(app, actions.hosting.serverRuncloud, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const link = await server(ctx, id);
      const s = await snapshotOf(db, id);
      return {
        data: {
          server_id: id,
          configured: deps.integrations.runcloud !== null,
          runcloud_server_id: link.runcloud_server_id ?? s?.runcloud_server_id ?? null,
          name: s?.name ?? null,
          ip_address: s?.ip_address ?? null,
          provider: s?.provider ?? null,
          os: s?.os ?? null,
          online: s?.online ?? null,
          connected: s?.connected ?? null,
          agent_version: s?.agent_version ?? null,
          php_cli_version: s?.php_cli_version ?? null,
          stats: s?.stats ?? null,
          hardware: s?.hardware ?? null,
          health: s?.health ?? null,
          synced_at: s?.synced_at ?? null,
          last_error: s?.last_error ?? null,
          last_error_at: s?.last_error_at ?? null,
        },
      };
    },
  });

  registerAction(app, actions.hosting.serviceStatus, {
    handler: async ({ ctx }) => ({ data: await serviceStatusRows(db, engine.visibleIds(ctx, model)) }),
  });

  /** The OpCache summaries of the visible servers (one when `serverId` is given) and their sites' reads. */
  async function opcache(ctx: RequestContext, serverId: number | null) {
    const visible = { servers: engine.visibleIds(ctx, model), websites: engine.visibleIds(ctx, websites()) };
    const [servers, sites] = await Promise.all([
      visibleServers(db, visible.servers, serverId),
      siteReads(db, visible, serverId),
    ]);
    return servers.map((s) => {
      const own = sites.filter((x) => x.server_id === s.id).map(({ server_id: _, ...site }) => site);
      return { summary: summarizeOpcache(s, own), sites: own };
    });
  }

  registerAction(app, actions.hosting.opcacheOverview, {
    handler: async ({ ctx }) => ({ data: (await opcache(ctx, null)).map((s) => s.summary) }),
  });

  registerAction(app, actions.hosting.serverOpcache, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      await server(ctx, id);
      const [one] = await opcache(ctx, id);
      if (!one) throw notFoundRecord(model.spec.label, id);
      return { data: one };
    },
  });
}
