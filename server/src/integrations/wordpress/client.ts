import { isWordPressError } from './errors.js';
import {
  list,
  parseMedia,
  parsePlugin,
  parsePost,
  parseSettings,
  parseTheme,
  parseUser,
  record,
} from './parse.js';
import { CompanionCalls } from './companion.js';
import { postStatistic } from './post-stats.js';
import {
  mapBounded,
  routeUrl,
  Transport,
  type Answer,
  type CallInit,
  type Query,
  type WordPressClientOptions,
} from './transport.js';
import type {
  WordPressConnection,
  WpDiscovery,
  WpMedia,
  WpPlugin,
  WpPostStatistics,
  WpPost,
  WpPostType,
  WpSettings,
  WpTheme,
  WpUser,
} from './types.js';

export const PER_PAGE = 100;
/** 100,000 items: a list claiming more pages is refused rather than read forever. */
export const MAX_PAGES = 1000;
export const COMPANION_NAMESPACE = 'sitefleet/v1';

/** The REST identifier of a plugin (`akismet/akismet`), each part URL-encoded, from either form. */
export function pluginRoute(plugin: string): string {
  return plugin
    .replace(/\.php$/, '')
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

/** A client of one WordPress site: core REST with an Application Password, plus the companion's routes. */
export class WordPressClient extends CompanionCalls {
  private root: string | null;
  private discovering: Promise<WpDiscovery> | null = null;
  /** Whether the companion is installed, once discovery has run (null before). */
  companion: boolean | null = null;

  constructor(connection: WordPressConnection, options: WordPressClientOptions) {
    const transport = new Transport(connection, options);
    super(transport);
    this.root = connection.apiRoot ?? null;
    this.companion = connection.companion ?? null;
  }

  get siteUrl(): string {
    return this.transport.siteUrl;
  }

  /** Reads the REST index at `{site}/wp-json/`, or `{site}/?rest_route=/` when the first is missing. */
  async discover(): Promise<WpDiscovery> {
    const pretty = new URL('wp-json/', this.siteUrl).href;
    const plain = `${this.siteUrl}?rest_route=/`;
    let found: WpDiscovery;
    try {
      found = await this.index(pretty);
    } catch (err) {
      const fallBack = isWordPressError(err) && (err.kind === 'not_json' || err.status === 404);
      if (!fallBack) throw err;
      found = await this.index(plain);
    }
    this.root = found.apiRoot;
    this.companion = found.companion;
    return found;
  }

  private async index(url: string): Promise<WpDiscovery> {
    // _fields keeps a real index (every route's schema, often hundreds of kilobytes) to what is read.
    const fields = { _fields: 'name,home,namespaces' };
    const { data } = await this.transport.call(routeUrl(url, '', fields), {}, (value) => {
      const o = record(value, 'REST index');
      const namespaces = list(o.namespaces, 'REST index.namespaces').filter((n) => typeof n === 'string');
      return {
        namespaces,
        name: typeof o.name === 'string' ? o.name : null,
        home: typeof o.home === 'string' ? o.home : null,
      };
    });
    return { apiRoot: url, ...data, companion: data.namespaces.includes(COMPANION_NAMESPACE) };
  }

  /** The REST root: the stored one, else discovered once however many calls ask at the same time. */
  async apiRoot(): Promise<string> {
    if (this.root) return this.root;
    this.discovering ??= this.discover().finally(() => {
      this.discovering = null;
    });
    return (await this.discovering).apiRoot;
  }

  protected override async request<T>(
    route: string,
    init: CallInit,
    parse: (data: unknown) => T,
  ): Promise<Answer<T>> {
    if (init.companionAction && this.companion === false)
      throw this.transport.companionMissing(init.companionAction);
    return this.transport.call(routeUrl(await this.apiRoot(), route, init.query), init, parse);
  }

  /** Every item of a paged list: page 1 says how many pages (X-WP-TotalPages); the rest come in parallel. */
  private async paged<T>(route: string, query: Query, parse: (item: unknown) => T): Promise<T[]> {
    const read = (page: number) =>
      this.request(route, { query: { ...query, per_page: PER_PAGE, page } }, (data) =>
        list(data, route).map(parse),
      );
    const first = await read(1);
    const pages = Number(first.headers['x-wp-totalpages'] ?? 1);
    if (!Number.isSafeInteger(pages) || pages < 0)
      throw this.transport.fail(
        'malformed',
        `${this.transport.site} answered a bad X-WP-TotalPages for ${route}`,
      );
    if (pages > MAX_PAGES)
      throw this.transport.fail(
        'malformed',
        `${this.transport.site} lists ${pages} pages of ${route}; more than ${MAX_PAGES} are not read`,
      );
    const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, i) => i + 2);
    const more = await mapBounded(rest, this.transport.options.pageConcurrency ?? 4, async (page) => {
      return (await read(page)).data;
    });
    return [first.data, ...more].flat();
  }

  /** The Application Password's user; refuses one without `manage_options`. */
  async verify(): Promise<WpUser> {
    const { data: user } = await this.request('wp/v2/users/me', { query: { context: 'edit' } }, parseUser);
    if (!user.capabilities.includes('manage_options'))
      throw this.transport.fail(
        'auth',
        `${this.transport.site}: the user ${user.username || user.id} lacks manage_options; use an administrator's application password`,
        { status: 200 },
      );
    return user;
  }

  users(): Promise<WpUser[]> {
    return this.paged('wp/v2/users', { context: 'edit' }, parseUser);
  }

  async plugins(): Promise<WpPlugin[]> {
    return (await this.request('wp/v2/plugins', {}, (data) => list(data, 'plugins').map(parsePlugin))).data;
  }

  async setPluginStatus(plugin: string, status: 'active' | 'inactive'): Promise<WpPlugin> {
    const route = `wp/v2/plugins/${pluginRoute(plugin)}`;
    return (await this.request(route, { method: 'POST', json: { status } }, parsePlugin)).data;
  }

  activatePlugin(plugin: string): Promise<WpPlugin> {
    return this.setPluginStatus(plugin, 'active');
  }

  deactivatePlugin(plugin: string): Promise<WpPlugin> {
    return this.setPluginStatus(plugin, 'inactive');
  }

  /** Deletes an inactive plugin's files (WordPress refuses an active one: `rest_cannot_delete_active_plugin`). */
  async deletePlugin(plugin: string): Promise<void> {
    await this.request(`wp/v2/plugins/${pluginRoute(plugin)}`, { method: 'DELETE' }, (data) => {
      const o = record(data, 'plugin deletion');
      if (o.deleted !== true)
        throw this.transport.fail('wordpress', `${this.transport.site} did not delete ${plugin}`);
    });
  }

  async themes(): Promise<WpTheme[]> {
    return (await this.request('wp/v2/themes', {}, (data) => list(data, 'themes').map(parseTheme))).data;
  }

  /** Every post or page in any status but trash, with its editable fields. */
  posts(type: WpPostType): Promise<WpPost[]> {
    return this.paged(
      type === 'post' ? 'wp/v2/posts' : 'wp/v2/pages',
      { context: 'edit', status: 'any' },
      parsePost,
    );
  }

  /** Creates a post (a draft unless told otherwise) and answers it as WordPress stored it. */
  async createPost(post: {
    title: string;
    content: string;
    excerpt?: string;
    status?: 'draft' | 'pending' | 'private' | 'publish';
  }): Promise<WpPost> {
    const json = { ...post, status: post.status ?? 'draft' };
    const init: CallInit = { method: 'POST', json, query: { context: 'edit' } };
    return (await this.request('wp/v2/posts', init, parsePost)).data;
  }

  async settings(): Promise<WpSettings> {
    return (await this.request('wp/v2/settings', {}, parseSettings)).data;
  }

  /** Uploads a file to the media library and answers its public URL (`source_url`). */
  async uploadMedia(file: { data: Buffer; filename: string; contentType: string }): Promise<WpMedia> {
    const init: CallInit = {
      method: 'POST',
      body: file.data,
      long: true,
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${safeFilename(file.filename)}"`,
      },
    };
    return (await this.request('wp/v2/media', init, parseMedia)).data;
  }

  /**
   * Word count and outbound links of every post and page: from the companion when it is installed, else
   * computed here from `content.rendered` (the same definition).
   */
  async postStatistics(): Promise<WpPostStatistics> {
    if (this.companion === null) await this.discover();
    if (this.companion) return { source: 'companion', items: await this.postStats() };
    const [posts, pages] = await Promise.all([this.posts('post'), this.posts('page')]);
    const items = [...posts, ...pages].map((post) => postStatistic(post, this.siteUrl));
    return { source: 'content', items };
  }

  /** Where the console POSTs an SSO token. */
  ssoLoginUrl(): string {
    return `${this.siteUrl}wp-login.php?action=sitefleet_sso`;
  }
}

/** A filename fit for a quoted Content-Disposition parameter: ASCII, no quotes, slashes or controls. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.\- ]/g, '_')
    .trim();
  return ascii.replace(/^\.+/, '') || 'upload';
}

export function createWordPressClient(connection: WordPressConnection, options: WordPressClientOptions) {
  return new WordPressClient(connection, options);
}
