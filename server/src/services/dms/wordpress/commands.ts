import { PLUGIN_OPERATIONS, type PluginOperation } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import type { CommandDef } from '../../../jobs/types.js';
import {
  postStatistic,
  isWordPressError,
  type WordPressClient,
} from '../../../integrations/wordpress/index.js';
import { raiseAlert } from '../../nms/alerts.js';
import { pageLimits } from '../commands/pages.js';
import {
  postsBytes,
  saveInstalls,
  savePosts,
  saveSitemaps,
  saveStatistics,
  saveUsers,
} from './fleet-repository.js';
import { installOf, pluginById } from './plugin-repository.js';
import { brokeSite, checkHome, describeCheck, type HomeCheck } from './safe-update.js';
import { pluginsSeen, postsSeen, readSite, statusOf, themesSeen } from './site-client.js';
import { siteCommand, type SiteOutcome, type SiteWork, type SiteWrite } from './site-command.js';
import { saveStatus } from './site-repository.js';
import { readSitemaps } from './sitemaps.js';

const now = () => Math.floor(Date.now() / 1000);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** wordpress:sync (daily, and the websites list's bulk action): status, plugins, themes, users and posts. */
export const wordpressSync = siteCommand({
  name: 'wordpress:sync',
  description: 'Sync status, plugins, themes, users and posts of connected WordPress sites',
  schedule: { cron: '15 2 * * *' },
  batchSize: 16,
  async work({ client, conn }) {
    const site = await readSite(client);
    const at = now();
    const updates = site.plugins.filter((p) => p.updateVersion).length;
    return {
      message: [
        site.status.coreVersion
          ? `WordPress ${site.status.coreVersion}`
          : 'companion missing: versions unknown',
        `${plural(site.plugins.length, 'plugin')} (${plural(updates, 'update')})`,
        plural(site.themes.length, 'theme'),
        plural(site.users.length, 'user'),
        plural(site.posts.length, 'post'),
      ].join(', '),
      write: async (w, db) => {
        saveStatus(w, conn.website_id, site.status, at);
        await saveInstalls(w, db, conn.website_id, { plugins: site.plugins, themes: site.themes }, at);
        saveUsers(w, conn.website_id, site.users);
        savePosts(w, conn.website_id, site.posts, true);
      },
      heldBytes: postsBytes(site.posts),
    };
  },
  summarize: (c) => `${c.success} sites synced, ${c.failed} failed`,
});

/** The status, plugins and themes of a site (versions and pending updates), as update-status reads them. */
async function readStatus(client: WordPressClient) {
  const discovery = client.companion === null ? await client.discover() : null;
  const apiRoot = discovery?.apiRoot ?? (await client.apiRoot());
  const [status, plugins, themes] = await Promise.all([
    client.companion ? client.companionStatus() : Promise.resolve(null),
    client.plugins(),
    client.themes(),
  ]);
  const pluginRows = pluginsSeen(plugins, status);
  return {
    status: statusOf(apiRoot, status, pluginRows),
    plugins: pluginRows,
    themes: themesSeen(themes, status),
  };
}

async function updateStatus({ client, conn }: SiteWork): Promise<SiteOutcome> {
  const read = await readStatus(client);
  const at = now();
  const s = read.status;
  return {
    message: s.companion
      ? `WordPress ${s.coreVersion}${s.coreUpdate ? ` (${s.coreUpdate} available)` : ''}, PHP ${s.phpVersion}, ` +
        `${plural(s.pluginUpdates ?? 0, 'plugin update')}, ${plural(s.themeUpdates ?? 0, 'theme update')}`
      : `${plural(read.plugins.length, 'plugin')} read; the Sitefleet companion is not installed: versions and updates need it`,
    write: async (w, db) => {
      saveStatus(w, conn.website_id, s, at);
      await saveInstalls(w, db, conn.website_id, { plugins: read.plugins, themes: read.themes }, at);
    },
  };
}

/** Word counts and outbound links from the companion, or computed from the posts' content without it. */
async function statistics(
  client: WordPressClient,
  only: 'all' | 'links',
  websiteId: number,
): Promise<SiteOutcome> {
  const stats = await client.postStatistics();
  const links = stats.items.reduce((sum, s) => sum + s.outboundLinks, 0);
  return {
    message:
      `${plural(stats.items.length, 'post')} read (${stats.source === 'companion' ? 'companion' : 'computed from content'}), ` +
      `${plural(links, 'outbound link')}`,
    output: { posts: stats.items.length, outbound_links: links },
    write: (w) =>
      saveStatistics(
        w,
        websiteId,
        stats.items.map((s) => ({ wpId: s.id, wordCount: s.wordCount, outboundLinks: s.outboundLinks })),
        only,
      ),
  };
}

/** Runs an update between two home-page checks; a site that broke is marked, alerted and failed. */
async function safely(
  site: SiteWork,
  what: string,
  update: () => Promise<{ done: string; write: SiteWrite }>,
): Promise<SiteOutcome> {
  const { deps, conn, client } = site;
  const timeout = deps.config.crawlerTimeoutMs;
  const keyword = conn.uptime_robot_keyword || (await client.settings()).title || null;
  const before = await checkHome(deps.integrations.crawlerFetch, conn.url, keyword, timeout);
  const { done, write } = await update();
  const after = await checkHome(deps.integrations.crawlerFetch, conn.url, keyword, timeout);
  const evidence = { before, after } satisfies Record<string, HomeCheck>;
  if (brokeSite(before, after)) {
    const message = `${done}, but the site broke: home page before ${describeCheck(before)}, after ${describeCheck(after)}`;
    return {
      message,
      output: evidence,
      failed: true,
      write,
      commit: async (tx) => {
        await raiseAlert(tx, {
          websiteId: conn.website_id,
          title: `${conn.hostname} broke after ${what}`,
          message: `<p>${message.replace(/[<>&]/g, '')}</p>`,
          importance: 'high',
          data: evidence,
          key: `wordpress:${conn.website_id}:broken-update`,
          link: `#/dms/api/v1/cron-jobs/${site.runId}/show`,
        });
      },
    };
  }
  return { message: `${done}; home page ${describeCheck(after)}`, output: evidence, write };
}

async function updateCore(site: SiteWork): Promise<SiteOutcome> {
  const { client, conn } = site;
  try {
    return await safely(site, 'a WordPress core update', async () => {
      const r = await client.updateCore();
      const read = await readStatus(client);
      return {
        done: `WordPress updated from ${r.from} to ${r.to}`,
        write: (w) => saveStatus(w, conn.website_id, read.status, now()),
      };
    });
  } catch (err) {
    if (isWordPressError(err) && err.wpCode === 'sitefleet_core_managed') {
      // Not attempted: the operating system's package manager owns the core files.
      return {
        message: 'WordPress core is managed by the package manager: update through the package manager',
      };
    }
    throw err;
  }
}

const siteActions: CommandDef[] = [
  siteCommand({
    name: 'wordpress:update-status',
    description: 'Read WordPress, PHP and database versions, the theme and pending updates',
    work: updateStatus,
  }),
  siteCommand({
    name: 'wordpress:update-sitemap',
    description: 'Read the sitemaps a WordPress site publishes',
    async work({ deps, conn }) {
      const found = await readSitemaps(deps.integrations.crawlerFetch, conn.url, pageLimits(deps.config));
      const ok = found.filter((s) => s.status === 200);
      const urls = ok.filter((s) => s.kind === 'urlset').reduce((sum, s) => sum + (s.urlCount ?? 0), 0);
      const at = now();
      return {
        message: ok.length
          ? `${plural(ok.length, 'sitemap')} listing ${plural(urls, 'URL')}`
          : `no sitemap found (${found[0]?.error ?? 'nothing answered'})`,
        failed: ok.length === 0,
        write: (w) => saveSitemaps(w, conn.website_id, found, at),
      };
    },
  }),
  siteCommand({
    name: 'wordpress:update-statistics',
    description: 'Count the words and outbound links of every post and page',
    work: ({ client, conn }) => statistics(client, 'all', conn.website_id),
  }),
  siteCommand({
    name: 'wordpress:refresh-outbound-links',
    description: 'Count the outbound links of every post and page again',
    work: ({ client, conn }) => statistics(client, 'links', conn.website_id),
  }),
  siteCommand({
    name: 'wordpress:update-posts',
    description: 'Read every post and page of a WordPress site',
    async work({ client, conn }) {
      const [posts, pages] = await Promise.all([client.posts('post'), client.posts('page')]);
      const all = [...posts, ...pages];
      const rows = postsSeen(
        all,
        all.map((p) => postStatistic(p, client.siteUrl)),
      );
      return {
        message: `${plural(posts.length, 'post')} and ${plural(pages.length, 'page')} read`,
        write: (w) => savePosts(w, conn.website_id, rows, true),
        heldBytes: postsBytes(rows),
      };
    },
  }),
  siteCommand({
    name: 'wordpress:update-core',
    description: 'Update WordPress core, checking the home page before and after (safe update)',
    timeoutSeconds: 600,
    batchSize: 2,
    work: updateCore,
  }),
];

/** The commands behind the site actions, by action name (GET /wordpress/{id}/{action}). */
export const SITE_ACTION_COMMANDS: Record<string, string> = {
  'update-status': 'wordpress:update-status',
  'update-sitemap': 'wordpress:update-sitemap',
  'update-statistics': 'wordpress:update-statistics',
  'refresh-outbound-links': 'wordpress:refresh-outbound-links',
  'update-posts': 'wordpress:update-posts',
  'update-core': 'wordpress:update-core',
};

async function pluginOperation(site: SiteWork, operation: PluginOperation): Promise<SiteOutcome> {
  const { deps, conn, client } = site;
  const pluginId = Number(site.args.plugin_id);
  const plugin = await pluginById(deps.db, pluginId);
  if (!plugin) return { message: 'the plugin no longer exists', failed: true };
  const installed = await installOf(deps.db, conn.website_id, pluginId);
  // What the site has after the change, read before the unit's transaction opens.
  const reread = async () => {
    const [plugins, status] = await Promise.all([
      client.plugins(),
      client.companion ? client.companionStatus() : Promise.resolve(null),
    ]);
    const rows = pluginsSeen(plugins, status);
    const at = now();
    const write: SiteWrite = (w, db) => saveInstalls(w, db, conn.website_id, { plugins: rows }, at);
    return write;
  };
  if (operation === 'install') {
    if (installed) return { message: `${plugin.name} is already installed (${installed.plugin_file})` };
    const r = await client.installPlugin(plugin.source!, { activate: false });
    return { message: `${plugin.name} ${r.version} installed (${r.plugin})`, write: await reread() };
  }
  if (!installed) return { message: `${plugin.name} is not installed on this site`, failed: true };
  const file = installed.plugin_file;
  switch (operation) {
    case 'activate':
      await client.activatePlugin(file);
      return { message: `${plugin.name} activated`, write: await reread() };
    case 'deactivate':
      await client.deactivatePlugin(file);
      return { message: `${plugin.name} deactivated`, write: await reread() };
    case 'delete':
      // WordPress refuses to delete an active plugin: it is deactivated first.
      if (installed.active) await client.deactivatePlugin(file);
      await client.deletePlugin(file);
      return { message: `${plugin.name} deleted`, write: await reread() };
    case 'update':
      return safely(site, `updating ${plugin.name}`, async () => {
        const r = await client.updatePlugin(file);
        return { done: `${plugin.name} updated from ${r.from} to ${r.to}`, write: await reread() };
      });
    default:
      throw new Error(`Unknown plugin operation ${String(operation)}`);
  }
}

/** plugins:bulk: one plugin operation on the chosen sites, a result per site (the plugin's Bulk Actions tab). */
export const pluginBulk = siteCommand({
  name: 'plugins:bulk',
  description: 'Install, activate, deactivate, update or delete a plugin on WordPress sites',
  arguments: [
    { name: 'plugin_id', label: 'Plugin id', kind: 'integer', required: true, min: 1 },
    { name: 'operation', label: 'Operation', kind: 'enum', values: [...PLUGIN_OPERATIONS], required: true },
  ],
  timeoutSeconds: 600,
  batchSize: 4,
  async check(args, deps) {
    const plugin = await pluginById(deps.db, Number(args.plugin_id));
    if (!plugin) throw invalid({ 'arguments.plugin_id': `No plugin with id ${String(args.plugin_id)}` });
    if (args.operation === 'install' && !plugin.source)
      throw invalid({ 'arguments.operation': `${plugin.name} has no source URL to install it from` });
    return {};
  },
  work: (site) => pluginOperation(site, site.args.operation as PluginOperation),
  summarize: (c) => `${c.success} sites done, ${c.failed} failed`,
});

export const wordpressCommands: CommandDef[] = [wordpressSync, ...siteActions, pluginBulk];
