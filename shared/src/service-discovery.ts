/**
 * Service discovery (issue 18, SPEC §3 Service discovery): what the network runs for a website, and where.
 * Each type knows how it is verified:
 * - HTTP types (the site, its www alias, staging, admin, API, status page, webmail): `location` is the URL
 *   requested, `hostname` the host that serves it. The hostname must resolve, the URL's host must reach it (the
 *   same name, a CNAME chain through it, or an address of it), and the URL must answer.
 * - DNS types (CDN alias, mail exchanger, nameserver): `location` is the name whose record is looked up
 *   (cdn.example.com, example.com), `hostname` the host that record must name; it must resolve too.
 */
export const SERVICE_TYPES = [
  'web',
  'www',
  'staging',
  'admin',
  'api',
  'status',
  'webmail',
  'cdn',
  'mx',
  'ns',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** How a type is verified: a DNS look-up of its record, or a DNS resolve plus an HTTP request. */
export type ServiceCheckKind = 'http' | 'dns';

/**
 * How a type is checked: an HTTP type resolves its hostname (A and AAAA, through CNAMEs) and requests its URL;
 * a DNS type looks its own record up.
 */
export type ServiceTypeInfo =
  | { label: string; check: 'http'; record: 'A' }
  | { label: string; check: 'dns'; record: 'CNAME' | 'MX' | 'NS' };

export const SERVICE_TYPE_INFO: Readonly<Record<ServiceType, ServiceTypeInfo>> = {
  web: { label: 'Website', check: 'http', record: 'A' },
  www: { label: 'www alias', check: 'http', record: 'A' },
  staging: { label: 'Staging', check: 'http', record: 'A' },
  admin: { label: 'Admin / login', check: 'http', record: 'A' },
  api: { label: 'API', check: 'http', record: 'A' },
  status: { label: 'Status page', check: 'http', record: 'A' },
  webmail: { label: 'Webmail', check: 'http', record: 'A' },
  cdn: { label: 'CDN (CNAME)', check: 'dns', record: 'CNAME' },
  mx: { label: 'Mail (MX)', check: 'dns', record: 'MX' },
  ns: { label: 'Nameserver (NS)', check: 'dns', record: 'NS' },
};

/** How each type reads in the console. */
export const SERVICE_TYPE_LABELS: Readonly<Record<ServiceType, string>> = Object.fromEntries(
  SERVICE_TYPES.map((t) => [t, SERVICE_TYPE_INFO[t].label]),
) as Record<ServiceType, string>;

export const isServiceType = (value: unknown): value is ServiceType =>
  typeof value === 'string' && (SERVICE_TYPES as readonly string[]).includes(value);

/** What `location` and `hostname` hold for each kind of check (the form's help). */
export const SERVICE_FIELD_HELP: Readonly<Record<ServiceCheckKind, { location: string; hostname: string }>> =
  {
    http: {
      location: 'The URL requested (https://staging.example.com/)',
      hostname: 'The host serving it; empty: the URL’s host',
    },
    dns: {
      location:
        'The name whose record is looked up (example.com; cdn.example.com for a CDN); empty: the website’s domain (its host for a CDN)',
      hostname:
        'The host the record must name (aspmx.l.google.com, ada.ns.cloudflare.com, example.b-cdn.net)',
    },
  };

/** HTTP answers that mean the service is up: it answered, even if only to ask for a login. */
export const isServiceUp = (status: number): boolean =>
  (status >= 200 && status < 400) || status === 401 || status === 403;
