import type { AccurankerClient } from './integrations/accuranker/index.js';
import type { AhrefsClient } from './integrations/ahrefs/index.js';
import type { RunCloudClient } from './integrations/runcloud/index.js';
import type { NamecheapClient } from './integrations/namecheap/index.js';
import type { CloudflareClient } from './integrations/cloudflare/index.js';
import type { Ga4Client } from './integrations/ga4/index.js';
import type { LighthouseDevice, LighthouseResult } from './integrations/lighthouse/index.js';
import type { SearchConsoleClient } from './integrations/search-console/index.js';
import type { Fields } from '@sitefleet/shared';
import type { Config } from './config.js';
import type { Engine } from './core/crud.js';
import type { ServerResource } from './core/resource.js';
import type { JobEngine } from './jobs/engine.js';
import type { SecretBox } from './core/secrets.js';
import type { Db } from './db/db.js';
import type { GoogleIdTokenVerifier } from './integrations/google/id-token.js';
import type { TokenService } from './services/ums/tokens.js';
import type { PrincipalCache } from './services/ums/principal.js';
import type { SafeFetch } from './integrations/http/safe-fetch.js';
import type { PageJudge } from './integrations/link-check/types.js';
import type { DomainInfo, IpNetworkInfo } from './integrations/rdap/types.js';
import type { DnsRecord } from './integrations/dns/types.js';
import type { DnsClient } from './integrations/dns/client.js';
import type { SearchIndexProvider } from './integrations/serp/types.js';
import type { Mailer } from './integrations/mail/types.js';
import type { SmsSender } from './integrations/sms/types.js';
import type { WebsiteAlertSink } from './monitoring/alerts.js';
import type { OpenAiSetup } from './integrations/openai/index.js';

/** Clients of outside systems, built from configuration; tests point them at local servers. */
export interface Integrations {
  /** The SSRF-guarded HTTP client every outbound fetch goes through. */
  safeFetch: SafeFetch;
  /** Registration data of a domain: RDAP, with WHOIS for TLDs without RDAP; null when not registered. */
  lookupDomain(name: string): Promise<DomainInfo | null>;
  /**
   * The network an IP address belongs to (RDAP: registry, start and end address, country, holder); null
   * when no registry holds it. Throws IpNetworkNotFoundError or RdapError when the lookup fails.
   */
  lookupIpNetwork(address: string): Promise<IpNetworkInfo | null>;
  /** The DNS records of a domain (apex and www) from the configured resolvers. */
  lookupDns(name: string): Promise<DnsRecord[]>;
  /** The configured resolvers (DNS_SERVERS, else the system's), one question at a time (service discovery). */
  dns: DnsClient;
  /**
   * The guarded client resolving host names through `dns` rather than the system: a service discovery probe
   * reaches the addresses its DNS check saw.
   */
  probeFetch: SafeFetch;
  /** The same guarded client, sending the crawler's User-Agent: checkers and website scans. */
  crawlerFetch: SafeFetch;
  /** Judges the pages of bulk link checks on worker threads (LINK_CHECK_THREADS). */
  linkJudge: PageJudge;
  /** Whether a domain is in a search engine's index (deindex checker); null when not configured. */
  searchIndex: SearchIndexProvider | null;
  /** AccuRanker's Read API; null when ACCURANKER_API_TOKEN is not set. */
  accuranker: AccurankerClient | null;
  /** Ahrefs' Site Explorer; null when AHREFS_API_KEY is not set. */
  ahrefs: AhrefsClient | null;
  /** RunCloud's API v3 (servers, web apps, services); null when RUNCLOUD_API_TOKEN is not set. */
  runcloud: RunCloudClient | null;
  /** Namecheap's API, the launch wizard's registrar; null when NAMECHEAP_API_USER or NAMECHEAP_API_KEY is unset. */
  namecheap: NamecheapClient | null;
  /** Cloudflare's API v4, the launch wizard's DNS provider; null when CLOUDFLARE_API_TOKEN is unset. */
  cloudflare: CloudflareClient | null;
  /** GA4's Data and Admin APIs; null when GOOGLE_SERVICE_ACCOUNT is not set. */
  ga4: Ga4Client | null;
  /** Search Console's Search Analytics and URL Inspection; null when GOOGLE_SERVICE_ACCOUNT is not set. */
  searchConsole: SearchConsoleClient | null;
  /** Lighthouse in this machine's Chromium (CHROME_PATH), the target checked by the outbound policy. */
  lighthouse(url: string, device: LighthouseDevice): Promise<LighthouseResult>;
  /** Alert e-mail through the configured SMTP relay; null when SMTP_HOST is not set. */
  mailer: Mailer | null;
  /** Alert SMS through Twilio; null when TWILIO_ACCOUNT_SID is not set. */
  sms: SmsSender | null;
  /** The OpenAI-compatible generator of AI content; null when OPENAI_API_KEY and OPENAI_BASE_URL are unset. */
  openai: OpenAiSetup | null;
  close(): Promise<void>;
}

/** What the app is built from; tests build it with their own database and keys. */
export interface AppDeps {
  config: Config;
  db: Db;
  secrets: SecretBox;
  tokens: TokenService;
  google: GoogleIdTokenVerifier | null;
  engine: Engine;
  integrations: Integrations;
  /** Signed-in users' live state, cached and invalidated on every identity or access change. */
  principals: PrincipalCache;
  /** Commands, cron runs and their workers (pg-boss). */
  jobs: JobEngine;
  /** Where monitoring raises and resolves website alerts (the notifications service's). */
  websiteAlerts: WebsiteAlertSink;
  /** Every declared resource (the engine's models are built from them; their actions get these deps). */
  resources: readonly AppResource[];
}

/** A resource declaration whose actions receive the application's dependencies. */
export type AppResource = ServerResource<Fields, AppDeps>;
