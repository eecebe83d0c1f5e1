import type { AppDeps } from '../../../deps.js';
import { isRunCloudError, type RunCloudServer } from '../../../integrations/runcloud/index.js';
import { mapBounded } from '../../../integrations/wordpress/transport.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject, type UnitResult, type UnitSpec } from '../../../jobs/types.js';
import { hostKey, matchServers, matchWebsites, webappLabel, type LocalServer } from './match.js';
import {
  candidateWebsites,
  linkServer,
  linkWebsites,
  localServers,
  saveFailure,
  saveSnapshot,
} from './runcloud-repository.js';
import { hardwareOf, healthOf, serviceState, statsOf } from './wire.js';

/**
 * runcloud:sync (hourly): pairs Sitefleet's servers with RunCloud's (link, IP, name) and, server by server,
 * reads RunCloud's status, counts, hardware, latest health, services and web apps with their domains; links
 * the websites those domains serve (runcloud_server_id, runcloud_webapp_id, runcloud_alias_id) and stores
 * the rest as the server's snapshot. Each paired server is one unit, so a server whose RunCloud calls fail
 * fails alone (its error is kept beside its last good figures); one more unit lists the servers that exist on
 * one side only, and each server's unit lists its web apps and websites that do.
 */

const NOT_CONFIGURED = 'configuration';
const ONE_SIDE = 'servers on one side only';
/** Web apps whose domains are read at once (each a paged listing). */
const DOMAIN_READS = 4;
/** Names a message lists before it says "and N more". */
const LISTED = 20;

const now = () => Math.floor(Date.now() / 1000);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function names(items: readonly string[]): string {
  const shown = items.slice(0, LISTED).join(', ');
  return items.length > LISTED ? `${shown} and ${items.length - LISTED} more` : shown;
}

const remoteLabel = (r: RunCloudServer) => `${r.name} (#${r.id}${r.ipAddress ? `, ${r.ipAddress}` : ''})`;
const localLabel = (l: LocalServer) => `${l.name}${l.main_ip ? ` (${l.main_ip})` : ''}`;

async function plan(deps: AppDeps): Promise<UnitSpec[]> {
  const client = deps.integrations.runcloud;
  if (!client)
    return [
      {
        key: NOT_CONFIGURED,
        input: { message: 'RunCloud is not configured: set RUNCLOUD_API_TOKEN (see README)' },
      },
    ];
  let remote: RunCloudServer[];
  try {
    remote = await client.listServers();
  } catch (err) {
    if (!isRunCloudError(err)) throw err;
    return [
      { key: NOT_CONFIGURED, input: { message: `RunCloud's servers could not be listed: ${err.message}` } },
    ];
  }
  const match = matchServers(await localServers(deps.db), remote);
  return [
    ...match.pairs.map((p) => ({
      key: `${p.local.name} #${p.local.id}`,
      input: { server_id: p.local.id, name: p.local.name, runcloud_server_id: p.remote.id, by: p.by },
    })),
    {
      key: ONE_SIDE,
      input: {
        only_runcloud: match.onlyRunCloud.map(remoteLabel),
        only_sitefleet: match.onlySitefleet.map(localLabel),
      },
    },
  ];
}

function oneSide(input: JsonObject): UnitResult {
  const remote = (input.only_runcloud as string[] | undefined) ?? [];
  const local = (input.only_sitefleet as string[] | undefined) ?? [];
  const parts = [
    remote.length ? `only in RunCloud: ${names(remote)}` : 'every RunCloud server is in Sitefleet',
    local.length ? `only in Sitefleet: ${names(local)}` : 'every Sitefleet hosting server is in RunCloud',
  ];
  return {
    output: { message: `Servers ${parts.join('; ')}`, only_runcloud: remote, only_sitefleet: local },
  };
}

/** Reads one server from RunCloud and links what it serves; a RunCloud failure fails this unit only. */
async function syncServer(deps: AppDeps, input: JsonObject): Promise<UnitResult> {
  const client = deps.integrations.runcloud!;
  const serverId = Number(input.server_id);
  const rcId = Number(input.runcloud_server_id);
  const name = String(input.name);
  const at = now();
  let read;
  try {
    const [details, stats, hardware, health, services, webapps] = await Promise.all([
      client.server(rcId),
      client.serverStats(rcId),
      client.hardwareInfo(rcId),
      client.latestHealth(rcId),
      client.services(rcId),
      client.listWebapps(rcId),
    ]);
    const apps = await mapBounded(webapps, DOMAIN_READS, async (webapp) => ({
      webapp,
      domains: await client.listDomains(rcId, webapp.id),
    }));
    read = { details, stats, hardware, health, services, apps };
  } catch (err) {
    if (!isRunCloudError(err)) throw err;
    return {
      output: { message: `${name}: ${err.message}`, kind: err.kind, runcloud_server_id: rcId },
      failed: true,
      commit: (tx) => saveFailure(tx, serverId, rcId, err.message, at),
    };
  }
  const keys = [...new Set(read.apps.flatMap((a) => a.domains.map((d) => hostKey(d.name))))];
  const websites = await candidateWebsites(deps.db, serverId, rcId, keys);
  const match = matchWebsites(serverId, read.apps, websites);
  const linked = new Set(match.links.map((l) => l.website.id));
  const elsewhere = websites.filter(
    (w) => w.runcloud_server_id === rcId && w.server_id !== serverId && !linked.has(w.id),
  );
  const onlySitefleet = [...match.onlySitefleet, ...elsewhere].map((w) => w.hostname);
  const onlyRunCloud = match.onlyRunCloud.map(webappLabel);
  const keptAliases = match.links
    .filter((l) => l.aliasId === null && l.website.runcloud_alias_id !== null)
    .map((l) => `${l.website.hostname} (#${l.website.runcloud_alias_id})`);
  const changed = match.links.filter(
    (l) =>
      l.website.runcloud_server_id !== rcId ||
      l.website.runcloud_webapp_id !== l.webappId ||
      (l.aliasId !== null && l.website.runcloud_alias_id !== l.aliasId),
  ).length;
  const services = read.services.map(serviceState);
  const stopped = services.filter((s) => !s.running).map((s) => s.realName);
  const message = [
    `${name} ↔ ${read.details.name}: ${read.details.online ? 'online' : 'offline'}`,
    `${plural(read.apps.length, 'web app')}, ${plural(match.links.length, 'website')} linked (${changed} changed)`,
    onlyRunCloud.length ? `web apps only in RunCloud: ${names(onlyRunCloud)}` : null,
    onlySitefleet.length ? `websites only in Sitefleet: ${names(onlySitefleet)}` : null,
    keptAliases.length ? `aliases RunCloud does not list, kept: ${names(keptAliases)}` : null,
    `${plural(services.length, 'service')}${stopped.length ? `, stopped: ${stopped.join(', ')}` : ', all running'}`,
  ]
    .filter(Boolean)
    .join('; ');
  return {
    output: {
      message,
      runcloud_server_id: rcId,
      matched_by: String(input.by),
      web_apps: read.apps.length,
      websites_linked: match.links.length,
      websites_changed: changed,
      only_runcloud: onlyRunCloud,
      only_sitefleet: onlySitefleet,
      stopped_services: stopped,
    },
    commit: async (tx) => {
      await linkServer(tx, serverId, rcId);
      await saveSnapshot(tx, serverId, {
        runcloudServerId: rcId,
        name: read.details.name,
        ipAddress: read.details.ipAddress,
        provider: read.details.provider,
        os: [read.details.os, read.details.osVersion].filter(Boolean).join(' ') || null,
        online: read.details.online,
        connected: read.details.connected,
        agentVersion: read.details.agentVersion,
        phpCliVersion: read.details.phpCliVersion,
        stats: statsOf(read.stats),
        hardware: hardwareOf(read.hardware),
        health: healthOf(read.health),
        services,
        at,
      });
      // No engine.changed here: this runs inside the unit's transaction, before its commit, and no listener
      // follows servers or websites (the sign-in cache follows users, roles and permissions).
      await linkWebsites(tx, rcId, match.links);
    },
  };
}

export const runcloudSync = defineCommand<JsonObject>({
  service: 'dms',
  name: 'runcloud:sync',
  description:
    "Link servers and websites to RunCloud's, store each server's services, hardware and health, and report what exists on one side only",
  arguments: [],
  schedule: { cron: '40 * * * *' },
  // RunCloud's refusals are definite (recorded on the server); the next hourly run tries again.
  retry: { limit: 1, delay: 60, backoff: true },
  timeoutSeconds: 600,
  batchSize: 2,
  concurrency: 1,
  unitsPerJob: 1,
  parse: (raw) => parseArguments([], raw),
  plan: (_args, { deps }) => plan(deps),
  async run(unit, _run, { deps }) {
    if (unit.key === NOT_CONFIGURED) return { output: { message: String(unit.input.message) }, failed: true };
    if (unit.key === ONE_SIDE) return oneSide(unit.input);
    return syncServer(deps, unit.input);
  },
  summarize: (c) => `RunCloud sync: ${c.success} done, ${c.failed} failed`,
});
