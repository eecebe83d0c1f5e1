import { SERVERS } from '../../src/services/dms/seed/inventory-data.js';
import { demoMachine, demoServices } from '../../src/services/dms/seed/runcloud-data.js';

/** The data the local RunCloud API serves: servers with their web apps, domains, services and figures. */

export const RUNCLOUD_TOKEN = 'rc-test-3f9a1c7e52b04d6a';

export interface RcService {
  realName: string;
  name: string;
  version: string;
  running: boolean;
  /** While running; a stopped service reports "Service stopped" instead. */
  memory: string;
  cpu: string;
  /** Starts and restarts done through the API. */
  restarts: number;
}

export interface RcDomain {
  id: number;
  name: string;
  type: 'primary' | 'alias' | 'redirect';
  www: boolean;
  redirection: 'none' | 'www' | 'non-www';
}

export interface RcInstaller {
  id: number;
  name: string;
  realName: string;
  createdAt: string;
}

export interface RcWebapp {
  id: number;
  name: string;
  phpVersion: string;
  type: string;
  domains: RcDomain[];
  git: { id: number; branch: string; repo: string } | null;
  /** Web apps created through the API say how; sample ones run as `runcloud` on the hybrid stack. */
  owner?: RcSystemUser;
  stack?: string;
  stackMode?: string;
  /** Below the web app's root, as given at creation. */
  publicPath?: string | null;
  installer?: RcInstaller | null;
  createdAt?: string;
}

export interface RcSystemUser {
  id: number;
  username: string;
  deleteable: boolean;
}

export interface RcServer {
  id: number;
  name: string;
  ipAddress: string;
  provider: string;
  countryIsoCode: string;
  country: string;
  osVersion: string;
  online: boolean;
  connected: boolean;
  stats: { webApplication: number; database: number; cronJob: number; supervisor: number };
  /** GB figures, RunCloud's field names. */
  hardware: Record<string, string | number>;
  /** MB figures, RunCloud's field names. */
  health: Record<string, string | number>;
  services: Record<string, RcService>;
  webapps: RcWebapp[];
  /** `runcloud` and `root` on every server. */
  users: RcSystemUser[];
  /** Database names, those made with WordPress web apps included. */
  databases: string[];
}

/** RunCloud's nginx stack; `stopped` names realNames that are off. */
export function rcServices(
  stopped: readonly string[] = ['memcached', 'beanstalkd'],
): Record<string, RcService> {
  const all: Array<[string, string, string, string, string, string]> = [
    ['nginx', 'nginx-rc', 'NGiNX', '1.25.3-1', '54 MB', '0.0076%'],
    ['mariadb', 'mysql', 'MariaDB', '1:10.11.8', '32 MB', '0.0122%'],
    ['redis', 'redis-server', 'Redis', '5:5.0.7', '1.6 MB', '0.18%'],
    ['memcached', 'memcached', 'Memcached', '1.5.22', '2 MB', '0.01%'],
    ['supervisor', 'supervisord', 'Supervisor', '4.1.0', '19 MB', '0.93%'],
    ['beanstalk', 'beanstalkd', 'Beanstalk', '1.11-1', '1 MB', '0.001%'],
    ['php81rc', 'php81rc-fpm', 'PHP 8.1 FPM', '8.1.29', '1.2 GB', '2.5%'],
    ['php82rc', 'php82rc-fpm', 'PHP 8.2 FPM', '8.2.24', '512 KB', '0%'],
  ];
  return Object.fromEntries(
    all.map(([slug, realName, name, version, memory, cpu]) => [
      slug,
      { realName, name, version, memory, cpu, running: !stopped.includes(realName), restarts: 0 },
    ]),
  );
}

function machine(index: number) {
  const { hardware, health } = demoMachine(index);
  return { hardware, health };
}

/** A server of the local API; web apps as given. */
export function rcServer(id: number, name: string, ipAddress: string, webapps: RcWebapp[] = []): RcServer {
  return {
    id,
    name,
    ipAddress,
    provider: 'Hetzner',
    countryIsoCode: 'DE',
    country: 'Germany',
    osVersion: 'jammy',
    online: true,
    connected: true,
    stats: { webApplication: webapps.length, database: webapps.length, cronJob: 3, supervisor: 0 },
    ...machine(id % 6),
    services: rcServices(),
    webapps,
    users: [
      { id: id * 10 + 1, username: 'runcloud', deleteable: false },
      { id: id * 10, username: 'root', deleteable: false },
    ],
    databases: webapps.map((w) => `${w.name.replace(/-/g, '_')}_db`),
  };
}

let nextDomain = 70_000;

/** A web app serving `primary`, with aliases (and redirects written as `>name`). */
export function rcWebapp(id: number, name: string, primary: string, others: string[] = []): RcWebapp {
  const domains: RcDomain[] = [
    { id: (nextDomain += 1), name: primary, type: 'primary', www: false, redirection: 'none' },
    ...others.map((o): RcDomain => ({
      id: (nextDomain += 1),
      name: o.replace(/^>/, ''),
      type: o.startsWith('>') ? 'redirect' : 'alias',
      www: false,
      redirection: 'non-www',
    })),
  ];
  return { id, name, phpVersion: 'php82rc', type: 'wordpress', domains, git: null };
}

/**
 * The default data: web-01 (203.0.113.10) with 45 web apps (two pages of 40) of which one serves an alias of
 * a link site, web-02 (203.0.113.20) with three, and web-09 that no Sitefleet server matches.
 */
export function sampleRunCloudData(): RcServer[] {
  const many = Array.from({ length: 43 }, (_, i) =>
    rcWebapp(5000 + i, `site-${i}`, `site${i}.example`, i % 10 === 0 ? [`www-site${i}.example`] : []),
  );
  const linkWp = rcWebapp(5100, 'links-alpha', 'links-alpha.example');
  linkWp.git = { id: 88, branch: 'main', repo: 'acme/links-alpha' };
  const staticApp = rcWebapp(5101, 'static-releases', 'static.internal.example', [
    'links-beta.example',
    '>old-links-beta.example',
  ]);
  return [
    rcServer(1903, 'web-01', '203.0.113.10', [...many, linkWp, staticApp]),
    rcServer(1904, 'web-02', '203.0.113.20', [
      rcWebapp(6000, 'shop', 'shop.example'),
      rcWebapp(6001, 'blog', 'blog.example', ['blog-alias.example']),
      rcWebapp(6002, 'orphan-app', 'orphan.example'),
    ]),
    rcServer(1905, 'web-09', '203.0.113.90', [rcWebapp(7000, 'lonely', 'lonely.example')]),
  ];
}

/**
 * The demo portfolio's RunCloud servers (SERVERS with a RunCloud id), with the services the demo seed stored
 * for them, so a restart from the console names a realName both sides know. No web apps: the e2e suite does
 * not sync.
 */
export function demoRunCloudData(): RcServer[] {
  return SERVERS.flatMap((s, index) => {
    if (s.rc === null) return [];
    const server = rcServer(s.rc, s.name, s.ip);
    server.provider = s.provider;
    Object.assign(server, machine(index));
    server.services = Object.fromEntries(
      demoServices(index).map((d) => [
        d.slug,
        {
          realName: d.realName,
          name: d.name,
          version: d.version,
          running: d.running,
          memory: d.running ? d.memory : '10 MB',
          cpu: d.running ? d.cpu : '0.01%',
          restarts: 0,
        },
      ]),
    );
    return [server];
  });
}
