import { toAsciiDomain } from '@sitefleet/shared';
import { RunCloudError } from './errors.js';
import { isId } from './parse.js';
import {
  STACK_MODES,
  WEBAPP_STACKS,
  type RunCloudStack,
  type RunCloudStackMode,
  type RunCloudSystemUser,
  type RunCloudWebappInput,
  type RunCloudWordPressInput,
} from './types.js';

/*
 * The checks a new web app passes before anything is sent, and the bodies sent. RunCloud documents the fields
 * of both creation calls but not their rules: the rules here are assumptions kept on the narrow side (a name
 * RunCloud would take may be refused here, never the other way round). A refusal is RunCloudError('invalid')
 * with `fields` keyed by RunCloud's own field names, as a 422 from RunCloud is.
 */

/** Letters, digits, `-` and `_`, starting with a letter or digit, at most 40 (RunCloud's: `app-schimmel`). */
export const WEBAPP_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
/** RunCloud's PHP builds: php74rc … php84rc. */
export const PHP_VERSION = /^php\d{2}rc$/;
/** A folder below the web app's root, without `.` or `..` steps. */
const PUBLIC_PATH = /^\/?[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
/** WordPress's own login characters, less the space. */
const WP_USERNAME = /^[A-Za-z0-9_.@-]{3,60}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
const DB_NAME = /^[A-Za-z0-9_]{1,64}$/;
const DB_USER = /^[A-Za-z0-9_]{1,32}$/;
const DB_PREFIX = /^[A-Za-z0-9_]{1,20}$/;
/** Printable ASCII without quotes, backslash or space: it ends up in wp-config.php. */
const DB_PASSWORD = /^[A-Za-z0-9!#$%&()*+,\-./:;<=>?@[\]^_{|}~]{12,128}$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

function refuse(field: string, message: string): never {
  throw new RunCloudError('invalid', message, { fields: { [field]: message } });
}

/** The primary domain as RunCloud should serve it: lower case, Punycode, a leading www. kept. */
export function checkDomainName(input: string): string {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  // toAsciiDomain also strips schemes, paths and ports: input carrying them is refused, not repaired.
  const ascii = /^[^\s/:@?#\\]+$/.test(trimmed) ? toAsciiDomain(trimmed) : null;
  const name = ascii && trimmed.startsWith('www.') ? `www.${ascii}` : ascii;
  if (!name) refuse('domainName', `"${input.slice(0, 100)}" is not a domain name`);
  return name;
}

/** A web app name for a domain: `shop.example.com` → `shop-example-com`, cut to fit. */
export function webappNameFor(domainName: string): string {
  const slug = checkDomainName(domainName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 40).replace(/-+$/, '');
}

export function checkWebappName(name: string): string {
  if (!WEBAPP_NAME.test(name))
    refuse(
      'name',
      `"${name.slice(0, 60)}" is not a web app name: up to 40 letters, digits, "-" and "_", ` +
        'starting with a letter or digit',
    );
  return name;
}

function checkText(field: string, value: string, min: number, max: number, what: string): string {
  if (value.length < min || value.length > max || CONTROL.test(value))
    refuse(field, `The ${what} must be ${min} to ${max} characters without control characters`);
  return value;
}

function matching(field: string, value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) refuse(field, `${what} (given "${value.slice(0, 60)}")`);
  return value;
}

export interface CheckedWebapp {
  name: string;
  domainName: string;
  userId: number | undefined;
  /** Undefined: the server's own, looked up before sending. */
  phpVersion: string | undefined;
  stack: RunCloudStack;
  stackMode: RunCloudStackMode;
  publicPath: string | null;
}

export function checkWebappInput(input: RunCloudWebappInput): CheckedWebapp {
  const stack = input.stack ?? 'hybrid';
  const stackMode = input.stackMode ?? 'production';
  if (!WEBAPP_STACKS.includes(stack)) refuse('stack', `The stack must be one of ${WEBAPP_STACKS.join(', ')}`);
  if (!STACK_MODES.includes(stackMode))
    refuse('stackMode', `The stack mode must be one of ${STACK_MODES.join(', ')}`);
  if (input.userId !== undefined && !isId(input.userId))
    refuse('user', `"${String(input.userId)}" is not a RunCloud system user id`);
  const publicPath = input.publicPath?.trim() || null;
  return {
    name: checkWebappName(input.name),
    domainName: checkDomainName(input.domainName),
    userId: input.userId,
    phpVersion:
      input.phpVersion === undefined
        ? undefined
        : matching('phpVersion', input.phpVersion, PHP_VERSION, 'The PHP version is like php82rc'),
    stack,
    stackMode,
    publicPath:
      publicPath === null
        ? null
        : matching('publicPath', publicPath, PUBLIC_PATH, 'The public path is a folder below the web app'),
  };
}

export interface CheckedWordPress extends CheckedWebapp {
  siteTitle: string;
  adminUsername: string;
  adminPassword: string;
  adminEmail: string;
  dbName: string;
  dbUser: string;
  dbPassword: string;
  dbPrefix: string;
}

export function checkWordPressInput(input: RunCloudWordPressInput): CheckedWordPress {
  return {
    ...checkWebappInput(input),
    siteTitle: checkText('siteTitle', input.siteTitle.trim(), 1, 255, 'site title'),
    adminUsername: matching(
      'adminUsername',
      input.adminUsername,
      WP_USERNAME,
      'The admin username is 3 to 60 letters, digits or _ . @ -',
    ),
    // At least 12: the same bar as Sitefleet's own passwords; it guards a site on the open internet.
    adminPassword: checkText('password', input.adminPassword, 12, 128, 'admin password'),
    adminEmail: matching('adminEmail', input.adminEmail.trim(), EMAIL, 'The admin email is not an address'),
    dbName: matching('dbName', input.dbName, DB_NAME, 'The database name is 1 to 64 letters, digits or _'),
    dbUser: matching('dbUser', input.dbUser, DB_USER, 'The database user is 1 to 32 letters, digits or _'),
    dbPassword: DB_PASSWORD.test(input.dbPassword)
      ? input.dbPassword
      : refuse(
          'dbPassword',
          'The database password is 12 to 128 printable characters without quotes, backslash or space',
        ),
    dbPrefix: matching(
      'dbPrefix',
      input.dbPrefix ?? 'wp_',
      DB_PREFIX,
      'The table prefix is letters, digits or _',
    ),
  };
}

/** PHP functions a new custom web app has disabled: running programs and reading source. */
const DISABLED_FUNCTIONS = 'dl,exec,passthru,pcntl_exec,popen,proc_open,shell_exec,show_source,system';

/**
 * `POST /servers/{id}/webapps/custom`: the documented fields, those Sitefleet does not choose at the values
 * RunCloud's panel proposes; open_basedir confined to the web app, as the documentation suggests.
 */
export function customWebappBody(
  w: CheckedWebapp,
  owner: RunCloudSystemUser,
  phpVersion: string,
): Record<string, unknown> {
  return {
    name: w.name,
    domainName: w.domainName,
    user: owner.id,
    ...(w.publicPath === null ? {} : { publicPath: w.publicPath }),
    phpVersion,
    stack: w.stack,
    stackMode: w.stackMode,
    clickjackingProtection: true,
    xssProtection: true,
    mimeSniffingProtection: true,
    processManager: 'ondemand',
    processManagerMaxChildren: 50,
    processManagerMaxRequests: 500,
    openBasedir: `/home/${owner.username}/webapps/${w.name}:/var/lib/php/session:/tmp`,
    timezone: 'UTC',
    disableFunctions: DISABLED_FUNCTIONS,
    maxExecutionTime: 30,
    maxInputTime: 60,
    maxInputVars: 1000,
    memoryLimit: 256,
    postMaxSize: 256,
    uploadMaxFilesize: 256,
    sessionGcMaxlifetime: 1440,
    allowUrlFopen: true,
  };
}

/** `POST /servers/{id}/webapps/wordpress`: exactly the documented example's fields. */
export function wordPressBody(
  w: CheckedWordPress,
  owner: RunCloudSystemUser,
  phpVersion: string,
): Record<string, unknown> {
  return {
    name: w.name,
    domainName: w.domainName,
    siteTitle: w.siteTitle,
    adminUsername: w.adminUsername,
    password: w.adminPassword,
    adminEmail: w.adminEmail,
    dbUser: w.dbUser,
    dbPassword: w.dbPassword,
    dbName: w.dbName,
    dbPrefix: w.dbPrefix,
    user: owner.id,
    publicPath: w.publicPath,
    phpVersion,
    stack: w.stack,
    stackMode: w.stackMode,
  };
}
