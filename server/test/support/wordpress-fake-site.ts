/** Sites of the WordPress fake: their configuration, state and the records they serve. */

export interface FakeSiteConfig {
  plugins?: number;
  themes?: number;
  users?: number;
  posts?: number;
  pages?: number;
  companion?: boolean;
  /** false: `/wp-json/` answers a 404 page and only `?rest_route=/` works. */
  prettyPermalinks?: boolean;
  username?: string;
  password?: string;
  /** editor: the Application Password's user lacks manage_options. */
  role?: 'administrator' | 'editor';
  /** html: every request answers a maintenance page; dead: the socket is destroyed; hang: no answer ever. */
  mode?: 'ok' | 'html' | 'dead' | 'hang';
  delayMs?: number;
  coreManaged?: boolean;
  coreVersion?: string;
  coreUpdate?: string | null;
  /** A plugin update breaks the home page (HTTP 500 from then on): the safe-update check's case. */
  breakOnUpdate?: boolean;
  /** What `sitefleet/v1/opcache` finds: caching (default), loaded but off for the SAPI, or no extension. */
  opcache?: 'enabled' | 'disabled' | 'missing';
}

export interface FakePlugin {
  file: string;
  name: string;
  version: string;
  status: 'active' | 'inactive';
  newVersion: string | null;
}

export interface FakeAuditEntry {
  id: number;
  at: string;
  jti: string;
  staff_id: number | null;
  user_login: string | null;
  result: 'ok' | 'refused';
  reason: string | null;
  ip: string;
}

export interface FakePostStat {
  id: number;
  word_count: number;
  outbound_links: number;
}

export interface FakeSite {
  name: string;
  /** `http://127.0.0.1:PORT/site-17/` */
  url: string;
  config: Required<Omit<FakeSiteConfig, 'coreUpdate'>> & { coreUpdate: string | null };
  plugins: FakePlugin[];
  generatorOverride: string | null;
  /** The home page answers 500 (a plugin update broke the site). */
  broken: boolean;
  siteId: string;
  ssoKey: { keyId: string; publicKey: string } | null;
  usedJtis: Set<string>;
  /** WordPress users created by SSO logins: login → staff id. */
  ssoUsers: Map<string, number>;
  audit: FakeAuditEntry[];
  media: { id: number; filename: string; contentType: string; bytes: number }[];
  /** Posts created through `POST wp/v2/posts` (AI content sent as drafts). */
  created: { id: number; title: string; content: string; excerpt: string; status: string }[];
  requests: number;
  /** Requests being answered now, and the most there ever were at once. */
  inFlight: number;
  peakInFlight: number;
  /** Page bodies built so far (invalidated when the plugin list changes). */
  cache: Map<string, Buffer>;
}

export const FAKE_PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const PER_PAGE_MAX = 100;
export const PAGE_ID_BASE = 1_000_000;

/** The statistics the companion computes for generated post `id` (its content is built to match them). */
export function fakePostStat(id: number): FakePostStat {
  return { id, word_count: 12 + (id % 40) + (id % 4) + 1, outbound_links: id % 4 };
}

function postContent(id: number, siteUrl: string): string {
  const stat = fakePostStat(id);
  const words = Array.from({ length: stat.word_count - stat.outbound_links - 4 }, (_, i) => `word${i}`);
  const links = Array.from(
    { length: stat.outbound_links },
    (_, i) => ` <a href="https://example-${i}.org/p?a=1&amp;b=${id}">outbound</a>`,
  );
  return (
    `<p>It&#8217;s post&nbsp;${id}: ${words.join(' ')} &mdash;</p>[gallery ids="1,2"]` +
    `<p><a href="${siteUrl}?p=1">own</a>${links.join('')}</p><script>var not = "words here";</script>`
  );
}

export function post(site: FakeSite, id: number) {
  const isPage = id >= PAGE_ID_BASE;
  const rendered = postContent(id, site.url);
  const date = new Date(Date.UTC(2024, 0, 1) + (id % PAGE_ID_BASE) * 3_600_000).toISOString().slice(0, 19);
  const statuses = ['publish', 'publish', 'publish', 'draft', 'private'];
  return {
    id,
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
    slug: `${isPage ? 'page' : 'post'}-${id}`,
    status: statuses[id % statuses.length],
    type: isPage ? 'page' : 'post',
    link: `${site.url}?p=${id}`,
    title: { raw: `Title ${id}`, rendered: `Title ${id}` },
    content: { raw: rendered, rendered, protected: false, block_version: 0 },
    excerpt: { raw: '', rendered: `<p>Post ${id}</p>`, protected: false },
    author: 1,
  };
}

export function user(site: FakeSite, id: number) {
  const admin = id === 1;
  const login = admin ? site.config.username : `user-${id}`;
  const role = admin ? site.config.role : 'editor';
  const caps: Record<string, boolean> = { read: true, edit_posts: true, [role]: true };
  if (role === 'administrator') Object.assign(caps, { manage_options: true, activate_plugins: true });
  return {
    id,
    username: login,
    name: admin ? 'Site Admin' : `User ${id}`,
    email: `${login}@example.com`,
    url: '',
    slug: login,
    roles: [role],
    registered_date: '2024-01-01T00:00:00+00:00',
    capabilities: caps,
  };
}

export const pluginJson = (p: FakePlugin) => ({
  plugin: p.file.replace(/\.php$/, ''),
  status: p.status,
  name: p.name,
  plugin_uri: `https://example.org/${p.file.split('/')[0]}`,
  author: 'Example Author',
  author_uri: '',
  description: { raw: `${p.name} does things.`, rendered: `${p.name} does things.` },
  version: p.version,
  network_only: false,
  requires_wp: '',
  requires_php: '',
  textdomain: p.file.split('/')[0],
});

export function themeJson(i: number) {
  const stylesheet = `theme-${i}`;
  return {
    stylesheet,
    template: stylesheet,
    name: { raw: `Theme ${i}`, rendered: `Theme ${i}` },
    author: { raw: 'Example', rendered: 'Example' },
    theme_uri: { raw: '', rendered: '' },
    version: `2.${i}`,
    status: i === 0 ? 'active' : 'inactive',
  };
}

/**
 * A site with the defaults filled in: 5 plugins (every third with an update), 2 themes, 3 users, 10 posts and
 * 3 pages. Its `config` stays live: a test may switch `mode` or `delayMs` between calls.
 */
export function makeSite(name: string, origin: string, config: FakeSiteConfig): FakeSite {
  const full = {
    plugins: 5,
    themes: 2,
    users: 3,
    posts: 10,
    pages: 3,
    companion: true,
    prettyPermalinks: true,
    username: 'admin',
    password: FAKE_PASSWORD,
    role: 'administrator' as const,
    mode: 'ok' as const,
    delayMs: 0,
    coreManaged: false,
    breakOnUpdate: false,
    opcache: 'enabled' as const,
    coreVersion: '6.1.1',
    ...config,
    coreUpdate: config.coreUpdate === undefined ? '6.4.2' : config.coreUpdate,
  };
  const plugins = Array.from({ length: full.plugins }, (_, i): FakePlugin => {
    const slug = i === 0 ? 'akismet' : `plugin-${i}`;
    return {
      file: i === 0 ? 'akismet/akismet.php' : `${slug}/${slug}.php`,
      name: i === 0 ? 'Akismet Anti-spam' : `Plugin ${i}`,
      version: `1.${i}.0`,
      status: i % 2 === 0 ? 'active' : 'inactive',
      newVersion: i % 3 === 0 ? `1.${i}.1` : null,
    };
  });
  return {
    name,
    url: `${origin}/${name}/`,
    config: full,
    plugins,
    generatorOverride: null,
    broken: false,
    siteId: '',
    ssoKey: null,
    usedJtis: new Set(),
    ssoUsers: new Map(),
    audit: [],
    media: [],
    created: [],
    requests: 0,
    inFlight: 0,
    peakInFlight: 0,
    cache: new Map(),
  };
}

export function companionStatus(site: FakeSite) {
  const active = site.config.themes > 0 ? themeJson(0) : null;
  return {
    companion: '1.0.0',
    site_id: site.siteId,
    home: site.url.replace(/\/$/, ''),
    core: {
      version: site.config.coreVersion,
      update: site.config.coreUpdate,
      managed_by: site.config.coreManaged ? 'package-manager' : null,
    },
    php: '8.2.29',
    database: { server: 'MariaDB', version: '10.11.14' },
    theme: active ? { stylesheet: active.stylesheet, name: active.name.raw, version: active.version } : null,
    generator: {
      public: site.generatorOverride ?? site.config.coreVersion,
      override: site.generatorOverride,
    },
    updates: {
      plugins: site.plugins
        .filter((p) => p.newVersion)
        .map((p) => ({ plugin: p.file, version: p.version, new_version: p.newVersion })),
      themes: site.config.themes > 1 ? [{ stylesheet: 'theme-1', version: '2.1', new_version: '2.2' }] : [],
    },
    sso: { key_id: site.ssoKey?.keyId ?? null },
  };
}

/** A number from the site's name, so each fake site has figures of its own that a test can compute again. */
function nameSeed(name: string): number {
  let h = 7;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 100_003;
  return h;
}

/** What the companion's `GET sitefleet/v1/opcache` answers for a site (opcache_get_status and _configuration). */
export function fakeOpcache(site: FakeSite) {
  const n = nameSeed(site.name);
  const base = { php: '8.2.29', sapi: 'fpm-fcgi' };
  if (site.config.opcache === 'missing')
    return {
      ...base,
      available: false,
      enabled: false,
      reason: 'The Zend OPcache extension is not loaded',
      memory: null,
      statistics: null,
      configuration: null,
    };
  const configuration = {
    memory_consumption: 134_217_728,
    max_accelerated_files: 10_000,
    validate_timestamps: true,
    revalidate_freq: 2,
  };
  if (site.config.opcache === 'disabled')
    return {
      ...base,
      available: true,
      enabled: false,
      reason: 'OpCache is not enabled for fpm-fcgi',
      memory: null,
      statistics: null,
      configuration,
    };
  const used = 40_000_000 + n * 500;
  const wasted = 1_000_000 + (n % 97) * 10_000;
  const hits = 2_000_000 + n * 37;
  const misses = 3_000 + (n % 500);
  return {
    ...base,
    available: true,
    enabled: true,
    reason: null,
    memory: {
      used,
      free: configuration.memory_consumption - used - wasted,
      wasted,
      wasted_percentage: Math.round((wasted / configuration.memory_consumption) * 1e6) / 1e4,
    },
    statistics: {
      hits,
      misses,
      hit_rate: Math.round((hits / (hits + misses)) * 1e6) / 1e4,
      cached_scripts: 1_200 + (n % 800),
      cached_keys: 1_900 + (n % 800),
      max_cached_keys: 16_229,
      oom_restarts: n % 3,
      hash_restarts: 0,
      manual_restarts: n % 2,
      start_time: 1_767_225_600,
      last_restart_time: n % 2 ? 1_767_312_000 : 0,
    },
    configuration,
  };
}
