import type { AppDeps } from '../../../deps.js';
import { isWordPressError, type WpOpcache } from '../../../integrations/wordpress/index.js';
import { mapBounded } from '../../../integrations/wordpress/transport.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject, type UnitResult, type UnitSpec } from '../../../jobs/types.js';
import { siteClient } from '../wordpress/site-client.js';
import { connectionOf } from '../wordpress/site-repository.js';
import { pruneReads, saveError, saveRead, serverConnections } from './opcache-repository.js';
import { opcacheColumns } from './wire.js';

/**
 * opcache:collect (hourly): RunCloud has no OpCache endpoint, so each server's OpCache is read through the
 * WordPress companion (`GET sitefleet/v1/opcache`) of the websites on it that have a connection. One unit per
 * server with connected sites; a site that fails keeps its last figures beside the error, and the unit fails
 * only when no site of the server answered. One more unit names the servers without a connected site.
 */

const NO_SITE = 'servers without a connected site';
/** Sites of one server read at once. */
const SITE_READS = 4;

const now = () => Math.floor(Date.now() / 1000);
const mb = (bytes: number | null) => (bytes === null ? '?' : `${Math.round(bytes / 1024 / 1024)} MB`);

async function plan(deps: AppDeps): Promise<UnitSpec[]> {
  const servers = await serverConnections(deps.db);
  const connected = servers.filter((s) => s.website_ids.length);
  const without = servers.filter((s) => !s.website_ids.length).map((s) => s.name);
  return [
    ...connected.map((s) => ({
      key: `${s.name} #${s.id}`,
      input: { server_id: s.id, name: s.name, website_ids: s.website_ids },
    })),
    { key: NO_SITE, input: { servers: without } },
  ];
}

type SiteRead = { websiteId: number; host: string } & ({ opcache: WpOpcache } | { error: string });

async function readSite(deps: AppDeps, websiteId: number): Promise<SiteRead | null> {
  const conn = await connectionOf(deps.db, websiteId);
  if (!conn) return null;
  try {
    return { websiteId, host: conn.hostname, opcache: await siteClient(deps, conn).opcache() };
  } catch (err) {
    if (!isWordPressError(err)) throw err;
    return { websiteId, host: conn.hostname, error: err.message };
  }
}

function describe(o: WpOpcache): string {
  if (!o.available || !o.enabled) return `OpCache off (${o.reason ?? 'not enabled'})`;
  return `PHP ${o.php ?? '?'}: ${mb(o.memoryUsed)} used, ${mb(o.memoryFree)} free, hit rate ${o.hitRate ?? '?'}%, ${o.cachedScripts ?? '?'} scripts`;
}

async function collect(deps: AppDeps, input: JsonObject): Promise<UnitResult> {
  const serverId = Number(input.server_id);
  const ids = (input.website_ids as number[]).map(Number);
  const reads = (await mapBounded(ids, SITE_READS, (id) => readSite(deps, id))).filter(
    (r): r is SiteRead => r !== null,
  );
  const at = now();
  const ok = reads.filter((r) => 'opcache' in r);
  const failed = reads.filter((r) => 'error' in r);
  const lines = reads.map((r) => `${r.host}: ${'opcache' in r ? describe(r.opcache) : r.error}`);
  return {
    output: {
      message: `${String(input.name)}: ${ok.length} of ${reads.length} sites read; ${lines.join('; ')}`,
      sites_read: ok.length,
      sites_failed: failed.length,
    },
    failed: reads.length === 0 || ok.length === 0,
    commit: async (tx) => {
      for (const r of reads) {
        if ('opcache' in r) await saveRead(tx, serverId, r.websiteId, opcacheColumns(r.opcache), at);
        else await saveError(tx, serverId, r.websiteId, r.error, at);
      }
      await pruneReads(tx, serverId, ids);
    },
  };
}

export const opcacheCollect = defineCommand<JsonObject>({
  service: 'dms',
  name: 'opcache:collect',
  description: "Read each server's OpCache through the WordPress companion of its connected sites",
  arguments: [],
  schedule: { cron: '10 * * * *' },
  retry: { limit: 0 },
  timeoutSeconds: 300,
  batchSize: 4,
  concurrency: 1,
  unitsPerJob: 1,
  parse: (raw) => parseArguments([], raw),
  plan: (_args, { deps }) => plan(deps),
  async run(unit, _run, { deps }) {
    if (unit.key === NO_SITE) {
      const names = (unit.input.servers as string[] | undefined) ?? [];
      return {
        output: {
          message: names.length
            ? `No connected WordPress site, so no OpCache figures: ${names.join(', ')}`
            : 'Every server has a connected WordPress site',
          servers: names,
        },
      };
    }
    return collect(deps, unit.input);
  },
  summarize: (c) => `OpCache: ${c.success} done, ${c.failed} failed`,
});
