import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Every environment variable the server reads, parsed once. README.md lists the same set. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  role: 'api' | 'worker' | 'all';
  services: string[];
  secretsKey: string | null;
  secretsKeysOld: string[];
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  adminEmail: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  googleClientId: string | null;
  allowedGoogleDomains: string[];
  googleCertsUrl: string | null;
  loginMaxAttempts: number;
  loginIpMaxAttempts: number;
  loginWindowSeconds: number;
  trustProxy: string | boolean;
  webDist: string;
  logLevel: string;
  /** The API document and its UI without signing in (development); otherwise any signed-in user's. */
  apiDocsPublic: boolean;
  bodyLimit: number;
  /** Outbound fetches may reach private and loopback addresses (tests, private deployments). */
  outboundAllowPrivate: boolean;
  /** Addresses or CIDRs outbound fetches may reach even though they are private. */
  outboundAllowHosts: string[];
  /** DNS servers used by domain DNS refreshes ('ip' or 'ip:port'); empty uses the system's. */
  dnsServers: string[];
  rdapBootstrapUrl: string;
  /** tld=url pairs that override the RDAP bootstrap (tests, registries with private endpoints). */
  rdapServiceOverrides: Record<string, string>;
  /** server=host:port pairs: where to dial a named WHOIS server instead (a relay, or a test server). */
  whoisServerOverrides: Record<string, { host: string; port: number }>;
  /** Overrides every command's unit timeout, in seconds (a lost job is retried after it). */
  jobsExpireSeconds: number | null;
  /** How often lost (expired) jobs are looked for, in seconds. */
  jobsSuperviseSeconds: number;
  /** Multiplies the number of job workers per command in this process. */
  jobsConcurrency: number;
  /** Search-index provider of the deindex checker: 'serpapi' (a key is needed). */
  serpProvider: string;
  serpApiKey: string | null;
  serpApiUrl: string | null;
  /** User-Agent of the checkers' and scanner's page fetches. */
  crawlerUserAgent: string;
  /** Worker threads that parse the pages of bulk link checks (0: on the event loop). */
  linkCheckThreads: number;
  /** Time allowed for one page fetch of the checkers and scanner (ms), and the most bytes read. */
  crawlerTimeoutMs: number;
  crawlerMaxBytes: number;
  /** Time allowed for one WordPress REST call (ms); updates, installs and uploads get ten times as long. */
  wordpressTimeoutMs: number;
  /** Overrides every command's delay before a retry, in seconds (tests use 0). */
  jobsRetryDelaySeconds: number | null;
  /** The console's address as users reach it, for links in alert e-mails and messages. */
  publicUrl: string;
  /** SMTP relay for alert e-mails; null host means e-mail alerts are recorded as not configured. */
  smtp: {
    host: string | null;
    port: number;
    secure: boolean;
    user: string | null;
    password: string | null;
    from: string;
  };
  /** Twilio Programmable Messaging for SMS alerts; null accountSid means SMS is not configured. */
  twilio: {
    accountSid: string | null;
    authToken: string | null;
    from: string | null;
    messagingServiceSid: string | null;
    apiUrl: string;
  };
  /** Checks the monitoring scheduler runs at once in this process. */
  monitorConcurrency: number;
  /** The SEO data sources (issue 17); an unset key or account leaves its panels saying so. */
  seo: {
    accurankerToken: string | null;
    accurankerUrl: string | null;
    ahrefsKey: string | null;
    ahrefsUrl: string | null;
    /** A Google service account's key file (JSON), its content or a path to it. */
    googleServiceAccount: string | null;
    googleTokenUrl: string | null;
    ga4DataUrl: string | null;
    ga4AdminUrl: string | null;
    searchConsoleUrl: string | null;
    /** The Chromium Lighthouse drives (default /usr/bin/chromium). */
    chromePath: string;
  };
  /** The ping program (iputils-ping). */
  pingPath: string;
  /** The ECB's daily euro reference rates (eurofxref-daily.xml) that rates:refresh reads. */
  ecbRatesUrl: string;
  /**
   * Where link sites' static releases are written (`<root>/<hostname>/releases/…` and the `current` link a web
   * server serves); null: `static-sites` under the data folder.
   */
  staticSitesRoot: string | null;
  /** The OpenAI-compatible generator of AI content (OpenAI, Ollama, vLLM, llama.cpp); unset key and URL: none. */
  openai: {
    baseUrl: string | null;
    apiKey: string | null;
    model: string;
    /** `model=input/output` USD per million tokens, on top of the built-in table. */
    prices: string | null;
    timeoutMs: number;
  };
  /** RunCloud's API v3 (hosting panel): a workspace API token; null token means RunCloud is not configured. */
  runcloud: { token: string | null; baseUrl: string };
  /** The registrar the launch wizard buys domains through (Namecheap's API); null fields: not configured. */
  namecheap: {
    apiUser: string | null;
    apiKey: string | null;
    userName: string | null;
    clientIp: string | null;
    baseUrl: string;
    /** The registrant, admin, tech and billing contact of new domains, as JSON (docs/wizard.md). */
    contact: string | null;
  };
  /** The DNS provider the launch wizard drives (Cloudflare's API v4); null token: not configured. */
  cloudflare: { token: string | null; accountId: string | null; baseUrl: string };
  /** The port the launch wizard's live and final checks connect to instead of 80/443 (tests, staging). */
  launchCheckPort: number | null;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function pairs(value: string | undefined, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list(value)) {
    const i = item.indexOf('=');
    if (i < 1) throw new Error(`${name} must be a comma-separated list of key=value, got "${item}"`);
    out[item.slice(0, i).trim().toLowerCase()] = item.slice(i + 1).trim();
  }
  return out;
}

function hostPort(value: string, name: string): { host: string; port: number } {
  const m = /^(.+?)(?::(\d+))?$/.exec(value);
  if (!m) throw new Error(`${name}: "${value}" is not host[:port]`);
  return { host: m[1]!, port: m[2] ? Number(m[2]) : 43 };
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const ALL_SERVICES = ['dms', 'ums', 'nms', 'umms', 'analytics', 'mms'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const role = env.ROLE ?? 'all';
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new Error(`ROLE must be api, worker or all, got "${role}"`);
  }
  const services = env.SERVICES ? list(env.SERVICES) : ALL_SERVICES;
  const unknown = services.filter((s) => !ALL_SERVICES.includes(s));
  if (unknown.length) throw new Error(`SERVICES names unknown services: ${unknown.join(', ')}`);
  const trust = env.TRUST_PROXY;
  const port = int(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    role,
    services,
    secretsKey: env.SECRETS_KEY || null,
    secretsKeysOld: list(env.SECRETS_KEYS_OLD),
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 3600, 'TOKEN_TTL_SECONDS'),
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== 'false' && env.SEED_DEMO !== '0' : true,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    allowedGoogleDomains: list(env.ALLOWED_GOOGLE_DOMAINS).map((d) => d.toLowerCase()),
    googleCertsUrl: env.GOOGLE_CERTS_URL || null,
    loginMaxAttempts: int(env.LOGIN_MAX_ATTEMPTS, 5, 'LOGIN_MAX_ATTEMPTS'),
    loginIpMaxAttempts: int(env.LOGIN_IP_MAX_ATTEMPTS, 100, 'LOGIN_IP_MAX_ATTEMPTS'),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 900, 'LOGIN_WINDOW_SECONDS'),
    trustProxy: trust === undefined || trust === '' ? false : trust === 'true' ? true : trust,
    webDist: path.resolve(env.WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    apiDocsPublic: env.API_DOCS_PUBLIC === 'true',
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1_048_576, 'BODY_LIMIT_BYTES'),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true',
    outboundAllowHosts: list(env.OUTBOUND_ALLOW_HOSTS),
    dnsServers: list(env.DNS_SERVERS),
    rdapBootstrapUrl: env.RDAP_BOOTSTRAP_URL || 'https://data.iana.org/rdap/dns.json',
    rdapServiceOverrides: pairs(env.RDAP_SERVICE_OVERRIDES, 'RDAP_SERVICE_OVERRIDES'),
    whoisServerOverrides: Object.fromEntries(
      Object.entries(pairs(env.WHOIS_SERVER_OVERRIDES, 'WHOIS_SERVER_OVERRIDES')).map(([k, v]) => [
        k,
        hostPort(v, 'WHOIS_SERVER_OVERRIDES'),
      ]),
    ),
    jobsExpireSeconds: env.JOBS_EXPIRE_SECONDS
      ? int(env.JOBS_EXPIRE_SECONDS, 0, 'JOBS_EXPIRE_SECONDS')
      : null,
    jobsSuperviseSeconds: Math.max(1, int(env.JOBS_SUPERVISE_SECONDS, 30, 'JOBS_SUPERVISE_SECONDS')),
    jobsConcurrency: Math.max(1, int(env.JOBS_CONCURRENCY, 1, 'JOBS_CONCURRENCY')),
    serpProvider: env.SERP_PROVIDER || 'serpapi',
    serpApiKey: env.SERP_API_KEY || null,
    serpApiUrl: env.SERP_API_URL || null,
    crawlerUserAgent: env.CRAWLER_USER_AGENT || 'SitefleetBot/1.0 (+https://sitefleet.local/bot)',
    // A thread per core (at most 4): judging pages is a bulk check's critical path, and the event loop that
    // fetches and records them is idle about half the time (docs/performance.md, "Fleet sync and link checks").
    linkCheckThreads: Math.min(
      8,
      int(env.LINK_CHECK_THREADS, Math.min(4, availableParallelism()), 'LINK_CHECK_THREADS'),
    ),
    crawlerTimeoutMs: Math.max(100, int(env.CRAWLER_TIMEOUT_MS, 15_000, 'CRAWLER_TIMEOUT_MS')),
    crawlerMaxBytes: Math.max(1024, int(env.CRAWLER_MAX_BYTES, 5 * 1024 * 1024, 'CRAWLER_MAX_BYTES')),
    wordpressTimeoutMs: Math.max(100, int(env.WORDPRESS_TIMEOUT_MS, 15_000, 'WORDPRESS_TIMEOUT_MS')),
    jobsRetryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS
      ? int(env.JOBS_RETRY_DELAY_SECONDS, 0, 'JOBS_RETRY_DELAY_SECONDS')
      : null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtp: {
      host: env.SMTP_HOST || null,
      port: int(env.SMTP_PORT, env.SMTP_SECURE === 'true' ? 465 : 587, 'SMTP_PORT'),
      secure: env.SMTP_SECURE === 'true',
      user: env.SMTP_USER || null,
      password: env.SMTP_PASSWORD || null,
      from: env.MAIL_FROM || 'Sitefleet <alerts@sitefleet.local>',
    },
    twilio: {
      accountSid: env.TWILIO_ACCOUNT_SID || null,
      authToken: env.TWILIO_AUTH_TOKEN || null,
      from: env.TWILIO_FROM || null,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID || null,
      apiUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
    },
    monitorConcurrency: Math.max(1, int(env.MONITOR_CONCURRENCY, 256, 'MONITOR_CONCURRENCY')),
    seo: {
      accurankerToken: env.ACCURANKER_API_TOKEN || null,
      accurankerUrl: env.ACCURANKER_API_URL || null,
      ahrefsKey: env.AHREFS_API_KEY || null,
      ahrefsUrl: env.AHREFS_API_URL || null,
      googleServiceAccount: env.GOOGLE_SERVICE_ACCOUNT || null,
      googleTokenUrl: env.GOOGLE_TOKEN_URL || null,
      ga4DataUrl: env.GA4_DATA_API_URL || null,
      ga4AdminUrl: env.GA4_ADMIN_API_URL || null,
      searchConsoleUrl: env.SEARCH_CONSOLE_API_URL || null,
      chromePath: env.CHROME_PATH || '/usr/bin/chromium',
    },
    pingPath: env.PING_PATH || 'ping',
    ecbRatesUrl: env.ECB_RATES_URL || 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
    staticSitesRoot: env.STATIC_SITES_ROOT ? path.resolve(env.STATIC_SITES_ROOT) : null,
    openai: {
      baseUrl: env.OPENAI_BASE_URL || null,
      apiKey: env.OPENAI_API_KEY || null,
      model: env.OPENAI_MODEL || 'gpt-4o-mini',
      prices: env.OPENAI_PRICES || null,
      timeoutMs: Math.max(1000, int(env.OPENAI_TIMEOUT_MS, 180_000, 'OPENAI_TIMEOUT_MS')),
    },
    runcloud: {
      token: env.RUNCLOUD_API_TOKEN || null,
      baseUrl: env.RUNCLOUD_BASE_URL || 'https://manage.runcloud.io/api/v3',
    },
    namecheap: {
      apiUser: env.NAMECHEAP_API_USER || null,
      apiKey: env.NAMECHEAP_API_KEY || null,
      userName: env.NAMECHEAP_USERNAME || env.NAMECHEAP_API_USER || null,
      clientIp: env.NAMECHEAP_CLIENT_IP || null,
      baseUrl: env.NAMECHEAP_API_URL || 'https://api.namecheap.com/xml.response',
      contact: env.NAMECHEAP_CONTACT || null,
    },
    cloudflare: {
      token: env.CLOUDFLARE_API_TOKEN || null,
      accountId: env.CLOUDFLARE_ACCOUNT_ID || null,
      baseUrl: env.CLOUDFLARE_API_URL || 'https://api.cloudflare.com/client/v4',
    },
    launchCheckPort: env.LAUNCH_CHECK_PORT ? int(env.LAUNCH_CHECK_PORT, 0, 'LAUNCH_CHECK_PORT') : null,
    ...overrides,
  };
}
