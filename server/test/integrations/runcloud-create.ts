import type { RcInstaller, RcServer, RcSystemUser, RcWebapp } from './runcloud-data.js';
import type { Json, Reply } from './runcloud-server.js';

/*
 * The local RunCloud API's creations: `POST webapps/custom`, `POST webapps/wordpress`, the script installer
 * (`POST`/`GET webapps/{id}/installer`, `DELETE …/installer/{installerId}`), with Laravel's validation: every
 * failing field listed under `errors`, `message` the first one and "(and N more errors)". The field lists are
 * RunCloud's documented ones; rules it does not document are the ones the client assumes (webapp-input.ts).
 */

type Input = Record<string, unknown>;

/** The JSON body as fields; anything but an object has none. */
const fieldsOf = (body: unknown): Input =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body))
    : {};

const STACKS = ['hybrid', 'nativenginx', 'customnginx'];
const STACK_MODES = ['production', 'development'];
const PROCESS_MANAGERS = ['dynamic', 'ondemand', 'static'];
const HOSTNAME = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?!\d+$)[a-z0-9-]{2,63}$/;
const SCRIPTS: Record<string, string> = {
  wordpress: 'WordPress',
  phpmyadmin: 'phpMyAdmin',
  joomla: 'Joomla',
  drupal: 'Drupal',
  prestashop: 'PrestaShop',
};

/** Laravel's name for a field in its messages: `domainName` → "domain name". */
const attribute = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** Collects Laravel-style failures, one list per field, in the order the rules run. */
class Validation {
  readonly errors: Record<string, string[]> = {};
  constructor(readonly input: Input) {}

  fail(field: string, message: string): false {
    (this.errors[field] ??= []).push(message);
    return false;
  }

  /** required|string; true when present and a string. */
  text(field: string): boolean {
    const v = this.input[field];
    if (v === undefined || v === null || v === '')
      return this.fail(field, `The ${attribute(field)} field is required.`);
    if (typeof v !== 'string') return this.fail(field, `The ${attribute(field)} field must be a string.`);
    return true;
  }

  integer(field: string): boolean {
    const v = this.input[field];
    if (v === undefined || v === null || v === '')
      return this.fail(field, `The ${attribute(field)} field is required.`);
    if (!Number.isInteger(typeof v === 'string' ? Number(v) : v))
      return this.fail(field, `The ${attribute(field)} field must be an integer.`);
    return true;
  }

  boolean(field: string): boolean {
    const v = this.input[field];
    if (v === undefined || v === null) return this.fail(field, `The ${attribute(field)} field is required.`);
    if (!(v === true || v === false || v === 0 || v === 1 || v === '0' || v === '1'))
      return this.fail(field, `The ${attribute(field)} field must be true or false.`);
    return true;
  }

  oneOf(field: string, allowed: readonly string[]): boolean {
    if (!this.text(field)) return false;
    if (!allowed.includes(String(this.input[field])))
      return this.fail(field, `The selected ${attribute(field)} is invalid.`);
    return true;
  }

  matches(field: string, pattern: RegExp, message?: string): boolean {
    if (!this.text(field)) return false;
    if (!pattern.test(String(this.input[field])))
      return this.fail(field, message ?? `The ${attribute(field)} field format is invalid.`);
    return true;
  }

  optionalText(field: string): void {
    const v = this.input[field];
    if (v !== undefined && v !== null && typeof v !== 'string')
      this.fail(field, `The ${attribute(field)} field must be a string.`);
  }

  /** Laravel's 422, or null when nothing failed. */
  reply(): Reply | null {
    const all = Object.values(this.errors).flat();
    if (!all.length) return null;
    const more = all.length - 1;
    const message = more ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0]!;
    return [422, { message, errors: this.errors }];
  }
}

const stamp = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');
const phpVersions = (server: RcServer) => Object.keys(server.services).filter((k) => /^php\d+rc$/.test(k));

/** The rules both creation calls share; answers the owner when `user` names one of the server's users. */
function common(v: Validation, server: RcServer): RcSystemUser | undefined {
  const { input } = v;
  if (
    v.matches(
      'name',
      /^[A-Za-z0-9_-]+$/,
      'The name field must only contain letters, numbers, dashes, and underscores.',
    )
  ) {
    const name = String(input.name).toLowerCase();
    if (String(input.name).length > 40)
      v.fail('name', 'The name field must not be greater than 40 characters.');
    else if (server.webapps.some((w) => w.name.toLowerCase() === name))
      v.fail('name', 'The name has already been taken.');
  }
  if (v.matches('domainName', HOSTNAME)) {
    const domain = String(input.domainName);
    if (server.webapps.some((w) => w.domains.some((d) => d.name === domain)))
      v.fail('domainName', 'The domain name has already been taken.');
  }
  let owner: RcSystemUser | undefined;
  if (v.integer('user')) {
    owner = server.users.find((u) => u.id === Number(input.user));
    if (!owner) v.fail('user', 'Invalid system user id.');
  }
  v.optionalText('publicPath');
  v.oneOf('phpVersion', phpVersions(server));
  v.oneOf('stack', STACKS);
  v.oneOf('stackMode', STACK_MODES);
  return owner;
}

function customRules(v: Validation): void {
  for (const f of ['clickjackingProtection', 'xssProtection', 'mimeSniffingProtection', 'allowUrlFopen'])
    v.boolean(f);
  if (v.oneOf('processManager', PROCESS_MANAGERS) && v.input.processManager === 'dynamic') {
    for (const f of ['StartServers', 'MinSpareServers', 'MaxSpareServers']) v.integer(`processManager${f}`);
  }
  for (const f of [
    'processManagerMaxChildren',
    'processManagerMaxRequests',
    'maxExecutionTime',
    'maxInputTime',
    'maxInputVars',
    'memoryLimit',
    'postMaxSize',
    'uploadMaxFilesize',
    'sessionGcMaxlifetime',
  ])
    v.integer(f);
  v.text('timezone');
  v.optionalText('openBasedir');
  v.optionalText('disableFunctions');
}

function wordPressRules(v: Validation, server: RcServer): void {
  for (const f of ['siteTitle', 'adminUsername', 'password', 'dbUser', 'dbPassword', 'dbPrefix']) v.text(f);
  v.matches(
    'adminEmail',
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    'The admin email field must be a valid email address.',
  );
  if (
    v.matches(
      'dbName',
      /^[A-Za-z0-9_]+$/,
      'The db name field must only contain letters, numbers, dashes, and underscores.',
    ) &&
    server.databases.includes(String(v.input.dbName))
  )
    v.fail('dbName', 'The db name has already been taken.');
}

/** The new web app's JSON as RunCloud answers it (and lists it afterwards). */
export function webappJson(w: RcWebapp, server: RcServer): Json {
  const owner = w.owner ?? server.users.find((u) => u.username === 'runcloud') ?? server.users[0]!;
  const root = `/home/${owner.username}/webapps/${w.name}`;
  const sub = w.publicPath?.replace(/^\/+|\/+$/g, '');
  return {
    id: w.id,
    server_user_id: owner.id,
    name: w.name,
    rootPath: root,
    publicPath: sub ? `${root}/${sub}` : root,
    phpVersion: w.phpVersion,
    stack: w.stack ?? 'hybrid',
    stackMode: w.stackMode ?? 'production',
    type: w.type,
    defaultApp: false,
    alias: null,
    pullKey1: 'a1b2c3',
    pullKey2: 'd4e5f6',
    created_at: w.createdAt ?? '2024-07-09 07:02:13',
  };
}

export const systemUserJson = (u: RcSystemUser): Json => ({
  id: u.id,
  username: u.username,
  deploymentKey: null,
  deleteable: u.deleteable,
  created_at: '2024-07-09 06:41:52',
});

export interface Creation {
  serverId: number;
  kind: 'custom' | 'wordpress' | 'installer';
  /** The web app's id (the one made, or the one an installer went into). */
  webappId: number;
  name: string;
}

const maxOf = (values: number[], floor: number) => values.reduce((a, b) => Math.max(a, b), floor);

/** POST webapps/custom or webapps/wordpress: validates, then adds the app, its domain (and database). */
export function createWebapp(
  server: RcServer,
  all: RcServer[],
  kind: 'custom' | 'wordpress',
  body: unknown,
  at: number,
  created: Creation[],
): Reply {
  const input = fieldsOf(body);
  const v = new Validation(input);
  const owner = common(v, server);
  if (kind === 'custom') customRules(v);
  else wordPressRules(v, server);
  const refused = v.reply();
  if (refused || !owner) return refused ?? [500, { message: 'Server Error' }];
  const apps = all.flatMap((s) => s.webapps);
  const webapp: RcWebapp = {
    id:
      maxOf(
        apps.map((w) => w.id),
        9000,
      ) + 1,
    name: String(input.name),
    phpVersion: String(input.phpVersion),
    type: kind,
    domains: [
      {
        id:
          maxOf(
            apps.flatMap((w) => w.domains.map((d) => d.id)),
            90_000,
          ) + 1,
        name: String(input.domainName),
        type: 'primary',
        www: false,
        redirection: 'none',
      },
    ],
    git: null,
    owner,
    stack: String(input.stack),
    stackMode: String(input.stackMode),
    publicPath: typeof input.publicPath === 'string' ? input.publicPath : null,
    installer: null,
    createdAt: stamp(at),
  };
  server.webapps.push(webapp);
  server.stats.webApplication += 1;
  if (kind === 'wordpress') {
    server.databases.push(String(input.dbName));
    server.stats.database += 1;
  }
  created.push({ serverId: server.id, kind, webappId: webapp.id, name: webapp.name });
  return [200, webappJson(webapp, server)];
}

const installerJson = (i: RcInstaller): Json => ({
  id: i.id,
  name: i.name,
  realName: i.realName,
  created_at: i.createdAt,
});

let nextInstaller = 70;

/** `…/webapps/{id}/installer[/{installerId}]`: install one script, read it, remove it. */
export function installer(
  server: RcServer,
  webapp: RcWebapp,
  method: string,
  installerId: number | null,
  body: unknown,
  at: number,
  created: Creation[],
): Reply {
  const current = webapp.installer ?? null;
  if (installerId !== null) {
    if (method !== 'DELETE')
      return [405, { message: `The ${method} method is not supported for this route.` }];
    if (!current || current.id !== installerId) return [404, { message: 'Installer not found.' }];
    webapp.installer = null;
    return [200, installerJson(current)];
  }
  if (method === 'GET')
    return current ? [200, installerJson(current)] : [404, { message: 'Installer not found.' }];
  if (method !== 'POST') return [405, { message: `The ${method} method is not supported for this route.` }];
  const input = fieldsOf(body);
  const v = new Validation(input);
  if (v.oneOf('name', Object.keys(SCRIPTS)) && current)
    v.fail('name', 'A script has already been installed in this web application.');
  const refused = v.reply();
  if (refused) return refused;
  const name = String(input.name);
  const made: RcInstaller = {
    id: (nextInstaller += 1),
    name,
    realName: SCRIPTS[name]!,
    createdAt: stamp(at),
  };
  webapp.installer = made;
  created.push({ serverId: server.id, kind: 'installer', webappId: webapp.id, name });
  return [200, installerJson(made)];
}
