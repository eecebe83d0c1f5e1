import type {
  WpCompanionStatus,
  WpMedia,
  WpPlugin,
  WpPluginStatus,
  WpPost,
  WpSettings,
  WpSsoAuditEntry,
  WpTheme,
  WpUser,
} from './types.js';

/** A body that is JSON but not the documented shape; the client turns it into a `malformed` error. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function record(value: unknown, where: string): Json {
  if (!isRecord(value)) throw new ShapeError(`${where} is not an object`);
  return value;
}

export function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(`${where} is not a list`);
  return value;
}

export function str(o: Json, key: string, where: string): string {
  const v = o[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw new ShapeError(`${where}.${key} is not a string`);
}

export function optStr(o: Json, key: string): string | null {
  const v = o[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
}

export function int(o: Json, key: string, where: string): number {
  const raw = o[key];
  const v = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    throw new ShapeError(`${where}.${key} is not an integer`);
  return v;
}

/** WordPress sends some text as `{ raw, rendered }` (edit context) and some as a plain string. */
function text(o: Json, key: string, preferRaw = true): string {
  const v = o[key];
  if (typeof v === 'string') return v;
  if (!isRecord(v)) return '';
  const first = preferRaw ? v.raw : v.rendered;
  const second = preferRaw ? v.rendered : v.raw;
  return typeof first === 'string' ? first : typeof second === 'string' ? second : '';
}

const gmt = (value: string | null) => (value ? `${value.replace(/Z$/, '')}Z` : null);

export function parseUser(value: unknown): WpUser {
  const o = record(value, 'user');
  const caps = isRecord(o.capabilities) ? o.capabilities : {};
  return {
    id: int(o, 'id', 'user'),
    username: optStr(o, 'username') ?? optStr(o, 'slug') ?? '',
    name: optStr(o, 'name') ?? '',
    email: optStr(o, 'email'),
    roles: Array.isArray(o.roles) ? o.roles.filter((r): r is string => typeof r === 'string') : [],
    registeredDate: optStr(o, 'registered_date'),
    capabilities: Object.keys(caps).filter((cap) => caps[cap] === true),
  };
}

const PLUGIN_STATUSES: readonly string[] = ['active', 'inactive', 'network-active'];

export function parsePlugin(value: unknown): WpPlugin {
  const o = record(value, 'plugin');
  const plugin = str(o, 'plugin', 'plugin').replace(/\.php$/, '');
  const status = str(o, 'status', 'plugin');
  if (!PLUGIN_STATUSES.includes(status)) throw new ShapeError(`plugin.status "${status}" is unknown`);
  return {
    plugin,
    file: `${plugin}.php`,
    name: text(o, 'name') || plugin,
    version: optStr(o, 'version') ?? '',
    status: status as WpPluginStatus,
    author: text(o, 'author'),
    pluginUri: optStr(o, 'plugin_uri') ?? '',
    description: text(o, 'description'),
  };
}

export function parseTheme(value: unknown): WpTheme {
  const o = record(value, 'theme');
  const stylesheet = str(o, 'stylesheet', 'theme');
  return {
    stylesheet,
    template: optStr(o, 'template') ?? stylesheet,
    name: text(o, 'name') || stylesheet,
    version: optStr(o, 'version') ?? '',
    status: o.status === 'active' ? 'active' : 'inactive',
    author: text(o, 'author'),
    themeUri: text(o, 'theme_uri'),
  };
}

export function parsePost(value: unknown): WpPost {
  const o = record(value, 'post');
  return {
    id: int(o, 'id', 'post'),
    type: str(o, 'type', 'post'),
    status: str(o, 'status', 'post'),
    slug: optStr(o, 'slug') ?? '',
    link: optStr(o, 'link') ?? '',
    title: text(o, 'title'),
    contentHtml: text(o, 'content', false),
    excerpt: text(o, 'excerpt'),
    author: typeof o.author === 'number' ? o.author : 0,
    date: gmt(optStr(o, 'date_gmt')),
    modified: gmt(optStr(o, 'modified_gmt')),
  };
}

export function parseMedia(value: unknown): WpMedia {
  const o = record(value, 'media');
  return {
    id: int(o, 'id', 'media'),
    sourceUrl: str(o, 'source_url', 'media'),
    mimeType: optStr(o, 'mime_type') ?? '',
  };
}

export function parseSettings(value: unknown): WpSettings {
  const o = record(value, 'settings');
  return {
    title: optStr(o, 'title') ?? '',
    url: optStr(o, 'url') ?? '',
    description: optStr(o, 'description') ?? '',
  };
}

function updates<K extends string>(value: unknown, key: K, where: string) {
  return list(value ?? [], where).map((item) => {
    const o = record(item, where);
    return {
      [key]: str(o, key, where),
      version: optStr(o, 'version') ?? '',
      newVersion: str(o, 'new_version', where),
    } as Record<K | 'version' | 'newVersion', string>;
  });
}

export function parseCompanionStatus(value: unknown): WpCompanionStatus {
  const o = record(value, 'status');
  const core = record(o.core, 'status.core');
  const db = isRecord(o.database) ? o.database : {};
  const theme = isRecord(o.theme) ? o.theme : null;
  const generator = isRecord(o.generator) ? o.generator : {};
  const ups = isRecord(o.updates) ? o.updates : {};
  const sso = isRecord(o.sso) ? o.sso : {};
  return {
    companion: str(o, 'companion', 'status'),
    siteId: optStr(o, 'site_id') ?? '',
    home: optStr(o, 'home') ?? '',
    core: {
      version: str(core, 'version', 'status.core'),
      update: optStr(core, 'update'),
      managedBy: optStr(core, 'managed_by'),
    },
    php: optStr(o, 'php') ?? '',
    database: { server: optStr(db, 'server') ?? '', version: optStr(db, 'version') ?? '' },
    theme: theme
      ? {
          stylesheet: str(theme, 'stylesheet', 'status.theme'),
          name: optStr(theme, 'name') ?? '',
          version: optStr(theme, 'version') ?? '',
        }
      : null,
    generator: { public: optStr(generator, 'public') ?? '', override: optStr(generator, 'override') },
    updates: {
      plugins: updates(ups.plugins, 'plugin', 'status.updates.plugins'),
      themes: updates(ups.themes, 'stylesheet', 'status.updates.themes'),
    },
    sso: { keyId: optStr(sso, 'key_id') },
  };
}

export function parseAuditEntry(value: unknown): WpSsoAuditEntry {
  const o = record(value, 'audit entry');
  const at = o.at;
  const result = str(o, 'result', 'audit entry');
  if (result !== 'ok' && result !== 'refused')
    throw new ShapeError(`audit entry.result "${result}" is unknown`);
  const staff = optStr(o, 'staff_id');
  return {
    id: int(o, 'id', 'audit entry'),
    at: typeof at === 'number' ? new Date(at * 1000).toISOString() : str(o, 'at', 'audit entry'),
    jti: optStr(o, 'jti') ?? '',
    staffId: staff !== null && /^\d+$/.test(staff) ? Number(staff) : null,
    userLogin: optStr(o, 'user_login'),
    result,
    reason: optStr(o, 'reason'),
    ip: optStr(o, 'ip'),
  };
}
