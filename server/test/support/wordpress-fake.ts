import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  companionStatus,
  fakeOpcache,
  fakePostStat,
  makeSite,
  PAGE_ID_BASE,
  PER_PAGE_MAX,
  pluginJson,
  post,
  themeJson,
  user,
  type FakeSite,
  type FakeSiteConfig,
} from './wordpress-fake-site.js';
import { verifySsoToken, type SsoRefusal } from '../../src/integrations/wordpress/sso.js';

/**
 * A fast local fake of the WordPress REST endpoints and the companion's routes (docs/wordpress.md), many sites
 * on one port, each in its own subdirectory: `http://127.0.0.1:PORT/site-17/wp-json/`. List pages are built
 * once per site and kept as bytes, so a 1,000-site sync measures the client, not the fake.
 */

export * from './wordpress-fake-site.js';

const JSON_TYPE = 'application/json; charset=UTF-8';
const HTML_TYPE = 'text/html; charset=UTF-8';
const UPLOADABLE = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;

type Reply = { status: number; body: Buffer | string; headers?: Record<string, string> };

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: Buffer.from(JSON.stringify(value)),
  headers: { 'content-type': JSON_TYPE, ...headers },
});
const wpError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
  json(status, { code, message, data: { status, ...extra } });
const html = (status: number, title: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`,
  headers: { 'content-type': HTML_TYPE, ...headers },
});
const noRoute = () =>
  wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');

/** A page of a list; the page's bytes are kept so repeated reads cost only the write. */
function pagedList(
  site: FakeSite,
  kind: string,
  total: number,
  q: URLSearchParams,
  item: (n: number) => unknown,
) {
  const perPage = Number(q.get('per_page') ?? 10);
  const page = Number(q.get('page') ?? 1);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > PER_PAGE_MAX)
    return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
      params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
    });
  const pages = Math.ceil(total / perPage);
  if (!Number.isInteger(page) || page < 1 || (page > pages && total > 0))
    return wpError(
      400,
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
    );
  const key = `${kind}:${perPage}:${page}`;
  let body = site.cache.get(key);
  if (!body) {
    const items = [];
    for (let n = (page - 1) * perPage; n < Math.min(total, page * perPage); n++) items.push(item(n));
    body = Buffer.from(JSON.stringify(items));
    site.cache.set(key, body);
  }
  return {
    status: 200,
    body,
    headers: { 'content-type': JSON_TYPE, 'x-wp-total': String(total), 'x-wp-totalpages': String(pages) },
  };
}

function readBody(req: http.IncomingMessage, cap = 64 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function jsonBody(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}

const GENERATOR = /^\d{1,2}(\.\d{1,3}){1,2}$/;

function companionRoute(
  site: FakeSite,
  method: string,
  route: string,
  q: URLSearchParams,
  body: Buffer,
): Reply {
  const input = jsonBody(body);
  if (method === 'GET' && route === 'status') return json(200, companionStatus(site));
  if (method === 'GET' && route === 'opcache') return json(200, fakeOpcache(site));
  if (method === 'POST' && route === 'generator') {
    const version = input.version;
    if (typeof version !== 'string' || (version !== '' && !GENERATOR.test(version)))
      return wpError(400, 'sitefleet_invalid', 'The version must be digits and dots.', {
        params: { version: 'must match ^\\d{1,2}(\\.\\d{1,3}){1,2}$' },
      });
    site.generatorOverride = version === '' ? null : version;
    return json(200, {
      public: site.generatorOverride ?? site.config.coreVersion,
      override: site.generatorOverride,
    });
  }
  if (method === 'POST' && route === 'core/update') {
    if (site.config.coreManaged)
      return wpError(
        409,
        'sitefleet_core_managed',
        'WordPress core is managed by the package manager: update through the package manager',
      );
    if (!site.config.coreUpdate) return wpError(502, 'sitefleet_update_failed', 'No core update is offered.');
    const from = site.config.coreVersion;
    site.config.coreVersion = site.config.coreUpdate;
    site.config.coreUpdate = null;
    return json(200, { from, to: site.config.coreVersion });
  }
  if (method === 'POST' && route === 'plugins/update') {
    const found = site.plugins.find((p) => p.file === input.plugin);
    if (!found) return wpError(404, 'sitefleet_not_found', `No plugin ${String(input.plugin)} is installed.`);
    if (!found.newVersion)
      return wpError(502, 'sitefleet_update_failed', `No update is offered for ${found.file}.`);
    const from = found.version;
    found.version = found.newVersion;
    found.newVersion = null;
    site.cache.clear();
    if (site.config.breakOnUpdate) site.broken = true;
    return json(200, { plugin: found.file, from, to: found.version });
  }
  if (method === 'POST' && route === 'plugins/install') {
    const pkg = typeof input.package === 'string' ? input.package : '';
    const slug = /^https?:\/\/.+\/([a-z0-9-]+?)(?:\.[\d.]+)?\.zip$/i.exec(pkg)?.[1]?.toLowerCase();
    if (!slug)
      return wpError(400, 'sitefleet_invalid', 'The package must be a zip URL.', {
        params: { package: 'must be an http(s) URL of a zip' },
      });
    const file = `${slug}/${slug}.php`;
    if (site.plugins.some((p) => p.file === file))
      return wpError(502, 'sitefleet_update_failed', 'Destination folder already exists.');
    site.plugins.push({
      file,
      name: slug,
      version: '1.0.0',
      status: input.activate === true ? 'active' : 'inactive',
      newVersion: null,
    });
    site.cache.clear();
    return json(200, { plugin: file, version: '1.0.0' });
  }
  if (method === 'GET' && route === 'post-stats') {
    const perPage = Math.min(PER_PAGE_MAX, Math.max(1, Number(q.get('per_page') ?? 100)));
    const page = Math.max(1, Number(q.get('page') ?? 1));
    const ids = [
      ...Array.from({ length: site.config.posts }, (_, i) => i + 1),
      ...Array.from({ length: site.config.pages }, (_, i) => PAGE_ID_BASE + i + 1),
    ];
    const items = ids.slice((page - 1) * perPage, page * perPage).map(fakePostStat);
    return json(200, { total: ids.length, pages: Math.ceil(ids.length / perPage), items });
  }
  if (method === 'POST' && route === 'sso/key') {
    const { key_id: keyId, public_key: publicKey, site_id: siteId } = input;
    const raw = typeof publicKey === 'string' ? Buffer.from(publicKey, 'base64') : Buffer.alloc(0);
    if (typeof keyId !== 'string' || !/^[0-9a-f]{16}$/.test(keyId) || raw.length !== 32)
      return wpError(400, 'sitefleet_invalid', 'A 16-hex key id and a 32-byte public key are needed.', {
        params: { public_key: 'invalid' },
      });
    if (typeof siteId !== 'string' || siteId === '')
      return wpError(400, 'sitefleet_invalid', 'The site id is missing.', {
        params: { site_id: 'required' },
      });
    site.ssoKey = { keyId, publicKey: raw.toString('base64') };
    site.siteId = siteId;
    return json(200, { key_id: keyId });
  }
  if (method === 'GET' && route === 'sso/audit') {
    const after = Number(q.get('after') ?? 0);
    const limit = Math.min(500, Math.max(1, Number(q.get('limit') ?? 100)));
    return json(200, { items: site.audit.filter((e) => e.id > after).slice(0, limit) });
  }
  return noRoute();
}

function pluginRoute(site: FakeSite, method: string, id: string, body: Buffer): Reply {
  const found = site.plugins.find((p) => p.file === `${decodeURIComponent(id)}.php`);
  if (!found) return wpError(404, 'rest_plugin_not_found', 'Plugin not found.');
  if (method === 'DELETE') {
    if (found.status === 'active')
      return wpError(
        400,
        'rest_cannot_delete_active_plugin',
        'Cannot delete an active plugin. Please deactivate it first.',
      );
    site.plugins = site.plugins.filter((p) => p !== found);
    site.cache.clear();
    return json(200, { deleted: true, previous: pluginJson(found) });
  }
  const status = jsonBody(body).status;
  if (status !== 'active' && status !== 'inactive')
    return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
      params: { status: 'status is not one of active, inactive.' },
    });
  found.status = status;
  site.cache.clear();
  return json(200, pluginJson(found));
}

function uploadMedia(site: FakeSite, req: http.IncomingMessage, body: Buffer): Reply {
  const disposition = req.headers['content-disposition'] ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (body.length === 0) return wpError(400, 'rest_upload_no_data', 'No data supplied.');
  if (!filename)
    return wpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
  const contentType = req.headers['content-type'] ?? '';
  if (!UPLOADABLE.test(contentType))
    return wpError(500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.');
  const id = 5000 + site.media.length;
  site.media.push({ id, filename, contentType, bytes: body.length });
  const sourceUrl = `${site.url}wp-content/uploads/2026/11/${filename}`;
  return json(201, {
    id,
    type: 'attachment',
    source_url: sourceUrl,
    mime_type: contentType,
    media_type: contentType.startsWith('image/') ? 'image' : 'file',
  });
}

/** The Basic credentials check WordPress does before any route: a wrong pair fails every call. */
function authenticate(site: FakeSite, header: string | undefined): Reply | 'ok' | 'anonymous' {
  if (!header) return 'anonymous';
  const pair = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  const [login, password] = [pair.slice(0, colon), pair.slice(colon + 1)];
  if (login !== site.config.username)
    return wpError(401, 'invalid_username', 'Unknown username. Check again or try your email address.');
  if (password.replace(/\s/g, '') !== site.config.password.replace(/\s/g, ''))
    return wpError(401, 'incorrect_password', 'The provided password is an invalid application password.');
  return 'ok';
}

function restRoute(
  site: FakeSite,
  req: http.IncomingMessage,
  route: string,
  q: URLSearchParams,
  body: Buffer,
): Reply {
  const auth = authenticate(site, req.headers.authorization);
  if (typeof auth === 'object') return auth;
  const override = req.headers['x-http-method-override'];
  const method =
    req.method === 'POST' && typeof override === 'string' ? override.toUpperCase() : (req.method ?? 'GET');
  const path = route.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '' && method === 'GET') {
    const namespaces = [
      'oembed/1.0',
      'wp/v2',
      'wp-site-health/v1',
      ...(site.config.companion ? ['sitefleet/v1'] : []),
    ];
    return json(200, {
      name: `Fake ${site.name}`,
      description: '',
      url: site.url.replace(/\/$/, ''),
      home: site.url.replace(/\/$/, ''),
      namespaces,
      routes: {},
    });
  }
  if (auth === 'anonymous') return wpError(401, 'rest_not_logged_in', 'You are not currently logged in.');
  const admin = site.config.role === 'administrator';
  if (path.startsWith('sitefleet/v1/')) {
    if (!site.config.companion) return noRoute();
    if (!admin) return wpError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
    return companionRoute(site, method, path.slice('sitefleet/v1/'.length), q, body);
  }
  if (method === 'GET' && path === 'wp/v2/users/me') return json(200, user(site, 1));
  if (method === 'GET' && path === 'wp/v2/users')
    return pagedList(site, 'users', site.config.users, q, (n) => user(site, n + 1));
  if (method === 'GET' && path === 'wp/v2/posts')
    return pagedList(site, 'posts', site.config.posts, q, (n) => post(site, n + 1));
  if (method === 'GET' && path === 'wp/v2/pages')
    return pagedList(site, 'pages', site.config.pages, q, (n) => post(site, PAGE_ID_BASE + n + 1));
  if (method === 'GET' && path === 'wp/v2/settings')
    return json(200, {
      title: `Fake ${site.name}`,
      description: 'Just another site',
      url: site.url.replace(/\/$/, ''),
      email: 'admin@example.com',
      timezone: 'UTC',
    });
  if (!admin && (path.startsWith('wp/v2/plugins') || path.startsWith('wp/v2/themes')))
    return wpError(
      403,
      'rest_cannot_view_plugins',
      'Sorry, you are not allowed to manage plugins for this site.',
    );
  if (method === 'GET' && path === 'wp/v2/plugins') {
    const body = site.cache.get('plugins') ?? Buffer.from(JSON.stringify(site.plugins.map(pluginJson)));
    site.cache.set('plugins', body);
    return { status: 200, body, headers: { 'content-type': JSON_TYPE } };
  }
  const plugin = /^wp\/v2\/plugins\/([^/]+\/[^/]+|[^/]+)$/.exec(path);
  if (plugin?.[1] && (method === 'POST' || method === 'DELETE'))
    return pluginRoute(site, method, plugin[1], body);
  if (method === 'GET' && path === 'wp/v2/themes')
    return json(
      200,
      Array.from({ length: site.config.themes }, (_, i) => themeJson(i)),
    );
  if (method === 'POST' && path === 'wp/v2/media') return uploadMedia(site, req, body);
  if (method === 'POST' && path === 'wp/v2/posts') return createPost(site, body);
  return noRoute();
}

/** `POST wp/v2/posts`: a new post (WordPress wants a title or content), answered in the edit context. */
function createPost(site: FakeSite, body: Buffer): Reply {
  const input = jsonBody(body);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const status = text(input.status) || 'draft';
  if (!['draft', 'pending', 'private', 'publish'].includes(status))
    return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): status', {
      params: { status: 'status is not one of publish, future, draft, pending, private.' },
    });
  if (!text(input.title) && !text(input.content))
    return wpError(400, 'empty_content', 'Content, title, and excerpt are empty.');
  const id = 50_000 + site.created.length + 1;
  const created = {
    id,
    title: text(input.title),
    content: text(input.content),
    excerpt: text(input.excerpt),
    status,
  };
  site.created.push(created);
  const date = new Date().toISOString().slice(0, 19);
  return json(201, {
    ...post(site, id),
    date,
    date_gmt: date,
    modified: date,
    modified_gmt: date,
    status,
    slug: '',
    link: `${site.url}?p=${id}`,
    title: { raw: created.title, rendered: created.title },
    content: { raw: created.content, rendered: created.content, protected: false, block_version: 0 },
    excerpt: { raw: created.excerpt, rendered: `<p>${created.excerpt}</p>`, protected: false },
  });
}

function ssoLogin(site: FakeSite, req: http.IncomingMessage, body: Buffer): Reply {
  const token = new URLSearchParams(body.toString('utf8')).get('token') ?? '';
  const checked = verifySsoToken(token, { key: site.ssoKey, siteId: site.siteId });
  let reason: SsoRefusal | null = checked.ok ? null : checked.reason;
  const payload = checked.ok ? checked.payload : null;
  if (payload) {
    const owner = site.ssoUsers.get(payload.sub);
    if (
      payload.sub !== `sitefleet-${payload.staff.id}` ||
      (owner !== undefined && owner !== payload.staff.id)
    )
      reason = 'wrong_user';
    else if (site.usedJtis.has(payload.jti)) reason = 'replayed';
    else site.usedJtis.add(payload.jti);
  }
  site.audit.push({
    id: site.audit.length + 1,
    at: new Date().toISOString(),
    jti: payload?.jti ?? '',
    staff_id: payload?.staff.id ?? null,
    user_login: payload?.sub ?? null,
    result: reason ? 'refused' : 'ok',
    reason,
    ip: req.socket.remoteAddress ?? '',
  });
  if (reason || !payload)
    return html(403, 'Login refused', { 'x-sitefleet-sso': `refused; reason=${reason ?? 'malformed'}` });
  site.ssoUsers.set(payload.sub, payload.staff.id);
  return {
    status: 302,
    body: '',
    headers: {
      location: `${site.url}wp-admin/`,
      'x-sitefleet-sso': 'ok',
      'set-cookie': `wordpress_logged_in_fake=${payload.sub}; path=/; HttpOnly`,
    },
  };
}

function siteRoute(
  site: FakeSite,
  req: http.IncomingMessage,
  rest: string,
  q: URLSearchParams,
  body: Buffer,
): Reply {
  if (site.config.mode === 'html') return html(200, 'Briefly unavailable for scheduled maintenance');
  const restRoot = q.get('rest_route');
  if (rest === '' && restRoot !== null) return restRoute(site, req, restRoot, q, body);
  if (rest === 'wp-json' || rest.startsWith('wp-json/'))
    return site.config.prettyPermalinks
      ? restRoute(site, req, rest.slice('wp-json'.length), q, body)
      : html(404, 'Page not found');
  if (rest === 'wp-login.php' && q.get('action') === 'sitefleet_sso' && req.method === 'POST')
    return ssoLogin(site, req, body);
  if (rest === '' && site.broken) return html(500, 'There has been a critical error on this website.');
  if (rest === '') {
    const generator = site.generatorOverride ?? site.config.coreVersion;
    return {
      status: 200,
      body: `<!DOCTYPE html><html><head><title>Fake ${site.name}</title><meta name="generator" content="WordPress ${generator}"></head><body>Home of ${site.name}</body></html>`,
      headers: { 'content-type': HTML_TYPE },
    };
  }
  return html(404, 'Page not found');
}

export interface WordPressFake {
  origin: string;
  addSite(name: string, config?: FakeSiteConfig): FakeSite;
  site(name: string): FakeSite;
  /** Requests received by every site so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Starts the fake on a loopback port; add sites before pointing clients at them. */
export async function startWordPressFake(host = '127.0.0.1'): Promise<WordPressFake> {
  const sites = new Map<string, FakeSite>();
  let total = 0;
  const server = http.createServer((req, res) => {
    total += 1;
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, name = '', ...rest] = url.pathname.split('/');
    const site = sites.get(name);
    const reply = (r: Reply) => {
      const body = typeof r.body === 'string' ? Buffer.from(r.body) : r.body;
      res.writeHead(r.status, { ...r.headers, 'content-length': String(body.length) });
      res.end(body);
    };
    if (!site) return void req.resume().on('end', () => reply(html(404, 'No such site')));
    site.requests += 1;
    site.inFlight += 1;
    site.peakInFlight = Math.max(site.peakInFlight, site.inFlight);
    res.on('close', () => {
      site.inFlight -= 1;
    });
    if (site.config.mode === 'dead') return void req.socket.destroy();
    if (site.config.mode === 'hang') return void req.resume();
    readBody(req).then(
      (body) => {
        const answer = () => reply(siteRoute(site, req, rest.join('/'), url.searchParams, body));
        if (site.config.delayMs > 0) setTimeout(answer, site.config.delayMs);
        else answer();
      },
      () => req.socket.destroy(),
    );
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    addSite(name, config = {}) {
      const site = makeSite(name, origin, config);
      sites.set(name, site);
      return site;
    },
    site(name) {
      const site = sites.get(name);
      if (!site) throw new Error(`No fake site ${name}`);
      return site;
    },
    requests: () => total,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
