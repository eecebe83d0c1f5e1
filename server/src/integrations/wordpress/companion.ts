import { int, list, optStr, parseAuditEntry, parseCompanionStatus, record, str } from './parse.js';
import { mapBounded, type Answer, type CallInit, type Transport } from './transport.js';
import { parseStaticUrlPage, type WpStaticUrl } from './static-urls.js';
import { parseOpcache, type WpOpcache } from './opcache.js';
import type {
  WpCompanionStatus,
  WpCoreUpdate,
  WpGenerator,
  WpPluginInstall,
  WpPluginUpdate,
  WpPostStat,
  WpSsoAuditEntry,
} from './types.js';

/** What `sitefleet/v1/generator` accepts besides "" (no override). */
export const GENERATOR_VERSION = /^\d{1,2}(\.\d{1,3}){1,2}$/;

/** The action each companion route serves, as `companion_missing` messages name it. */
export const COMPANION_ACTIONS = {
  status: 'update-status',
  generator: 'update-the-generator',
  coreUpdate: 'update-core',
  pluginUpdate: 'plugin update',
  pluginInstall: 'plugin install',
  postStats: 'update-statistics',
  ssoKey: 'admin login',
  ssoAudit: 'the admin login audit',
  staticUrls: 'the static copy',
  opcache: 'the OpCache figures',
} as const;

const STATS_PER_PAGE = 100;
const MAX_STATS_PAGES = 1000;
const STATIC_URLS_PER_PAGE = 500;

function parseStatsPage(value: unknown) {
  const o = record(value, 'post-stats');
  return {
    pages: int(o, 'pages', 'post-stats'),
    items: list(o.items, 'post-stats.items').map((item): WpPostStat => {
      const p = record(item, 'post-stats item');
      return {
        id: int(p, 'id', 'post-stats item'),
        wordCount: int(p, 'word_count', 'post-stats item'),
        outboundLinks: int(p, 'outbound_links', 'post-stats item'),
      };
    }),
  };
}

/** The `sitefleet/v1` routes; every one needs the companion and answers `companion_missing` without it. */
export abstract class CompanionCalls {
  constructor(protected readonly transport: Transport) {}

  protected abstract request<T>(
    route: string,
    init: CallInit,
    parse: (data: unknown) => T,
  ): Promise<Answer<T>>;

  private async companionCall<T>(
    route: string,
    action: string,
    init: Omit<CallInit, 'companionAction'>,
    parse: (data: unknown) => T,
  ): Promise<T> {
    return (await this.request(`sitefleet/v1/${route}`, { ...init, companionAction: action }, parse)).data;
  }

  /** Real core version, PHP, database, theme, pending updates and the SSO key id. */
  companionStatus(action: string = COMPANION_ACTIONS.status): Promise<WpCompanionStatus> {
    return this.companionCall('status', action, {}, parseCompanionStatus);
  }

  /** Sets the version the public generator shows; "" removes the override. */
  setGenerator(version: string): Promise<WpGenerator> {
    return this.companionCall(
      'generator',
      COMPANION_ACTIONS.generator,
      { method: 'POST', json: { version } },
      (data) => {
        const o = record(data, 'generator');
        return { public: str(o, 'public', 'generator'), override: optStr(o, 'override') };
      },
    );
  }

  /** Updates core to the offered version; a package-managed core answers `sitefleet_core_managed`. */
  updateCore(): Promise<WpCoreUpdate> {
    return this.companionCall(
      'core/update',
      COMPANION_ACTIONS.coreUpdate,
      { method: 'POST', json: {}, long: true },
      (data) => {
        const o = record(data, 'core update');
        return { from: str(o, 'from', 'core update'), to: str(o, 'to', 'core update') };
      },
    );
  }

  /** Updates one plugin (`akismet/akismet.php`; the `.php` is added when missing). */
  updatePlugin(plugin: string): Promise<WpPluginUpdate> {
    const file = plugin.endsWith('.php') ? plugin : `${plugin}.php`;
    const init: CallInit = { method: 'POST', json: { plugin: file }, long: true };
    return this.companionCall('plugins/update', COMPANION_ACTIONS.pluginUpdate, init, (data) => {
      const o = record(data, 'plugin update');
      return {
        plugin: str(o, 'plugin', 'plugin update'),
        from: str(o, 'from', 'plugin update'),
        to: str(o, 'to', 'plugin update'),
      };
    });
  }

  /** Installs a plugin from a zip URL. */
  installPlugin(packageUrl: string, options: { activate?: boolean } = {}): Promise<WpPluginInstall> {
    const init: CallInit = {
      method: 'POST',
      json: { package: packageUrl, activate: options.activate === true },
      long: true,
    };
    return this.companionCall('plugins/install', COMPANION_ACTIONS.pluginInstall, init, (data) => {
      const o = record(data, 'plugin install');
      return { plugin: str(o, 'plugin', 'plugin install'), version: str(o, 'version', 'plugin install') };
    });
  }

  /** Word count and outbound links of every post and page, read page by page from the companion. */
  async postStats(): Promise<WpPostStat[]> {
    const read = (page: number) =>
      this.companionCall(
        'post-stats',
        COMPANION_ACTIONS.postStats,
        { query: { page, per_page: STATS_PER_PAGE } },
        parseStatsPage,
      );
    const first = await read(1);
    if (first.pages > MAX_STATS_PAGES)
      throw this.transport.fail(
        'malformed',
        `${this.transport.site} lists ${first.pages} pages of post statistics`,
      );
    const rest = Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => i + 2);
    const more = await mapBounded(rest, this.transport.options.pageConcurrency ?? 4, read);
    return [first.items, ...more.map((page) => page.items)].flat();
  }

  /** Installs (or rotates) Sitefleet's SSO public key and tells the site its id. */
  installSsoKey(key: { keyId: string; publicKey: string; siteId: string }): Promise<{ keyId: string }> {
    const json = { key_id: key.keyId, public_key: key.publicKey, site_id: key.siteId };
    return this.companionCall('sso/key', COMPANION_ACTIONS.ssoKey, { method: 'POST', json }, (data) => ({
      keyId: str(record(data, 'sso key'), 'key_id', 'sso key'),
    }));
  }

  /** OpCache's status and configuration for the PHP pool serving the site (RunCloud has no such endpoint). */
  opcache(): Promise<WpOpcache> {
    return this.companionCall('opcache', COMPANION_ACTIONS.opcache, {}, parseOpcache);
  }

  /**
   * Every public URL of the site (home, feeds, archives, authors, then each post with its shortlink), read page
   * by page: where a static copy's crawl starts.
   */
  async staticUrls(): Promise<WpStaticUrl[]> {
    const read = (page: number) =>
      this.companionCall(
        'static-urls',
        COMPANION_ACTIONS.staticUrls,
        { query: { page, per_page: STATIC_URLS_PER_PAGE } },
        parseStaticUrlPage,
      );
    const first = await read(1);
    if (first.pages > MAX_STATS_PAGES)
      throw this.transport.fail('malformed', `${this.transport.site} lists ${first.pages} pages of URLs`);
    const rest = Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => i + 2);
    const more = await mapBounded(rest, this.transport.options.pageConcurrency ?? 4, read);
    return [first.items, ...more.map((page) => page.items)].flat();
  }

  /** The companion's login audit after entry `after`, oldest first. */
  ssoAudit(options: { after?: number; limit?: number } = {}): Promise<WpSsoAuditEntry[]> {
    const query = { after: options.after ?? 0, limit: options.limit ?? 100 };
    return this.companionCall('sso/audit', COMPANION_ACTIONS.ssoAudit, { query }, (data) =>
      list(record(data, 'sso audit').items, 'sso audit.items').map(parseAuditEntry),
    );
  }
}
