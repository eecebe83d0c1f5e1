/** Business constants and enumerations of SPEC §3 and §9, shared by server, console and tests. */

export const PRODUCT_NAME = 'Sitefleet';

export const MARKETS = [
  'All',
  'International',
  'Canada',
  'Germany',
  'Sweden',
  'Thailand',
  'UK',
  'Netherlands',
  'Spain',
  'India',
  'Japan',
  'Colombia',
  'Italy',
  'USA',
  'Vietnam',
] as const;
export type Market = (typeof MARKETS)[number];

export const USER_LANGUAGES = [
  'GE',
  'EN_UK',
  'EN_US',
  'NL',
  'FR',
  'JP',
  'ES',
  'ES_CA',
  'ES_CO',
  'IT',
] as const;

export const WEBSITE_TYPES = ['MONEY', 'DIRECTORY', 'LINK', 'SERVICE', 'THIRD_PARTY'] as const;
export const WEBSITE_STATUSES = [
  'QUEUED_FOR_DEPLOYMENT',
  'PENDING_DEVELOPMENT',
  'LIVE',
  `NO_${PRODUCT_NAME.toUpperCase()}`,
  'DELETED',
] as const;
export const WEBSITE_STATUS_LABELS: Record<(typeof WEBSITE_STATUSES)[number], string> = {
  QUEUED_FOR_DEPLOYMENT: 'Queued for deployment',
  PENDING_DEVELOPMENT: 'Pending development',
  LIVE: 'Live',
  [`NO_${PRODUCT_NAME.toUpperCase()}`]: `Bypass ${PRODUCT_NAME}`,
  DELETED: 'Deleted',
} as Record<(typeof WEBSITE_STATUSES)[number], string>;

export const TLDS = [
  'com',
  'nl',
  'uk',
  'org',
  'net',
  'eu',
  'de',
  'be',
  'in',
  'se',
  'info',
  'ws',
  'fm',
  'jp',
] as const;
export const SERVER_TYPES = ['Analytics', 'Hosting', PRODUCT_NAME, 'Remote Desktop', 'Other'] as const;
export const NOTIFICATION_TYPES = ['INFO', 'WARNING', 'ALERT'] as const;
/** Notification types a user may send (SPEC §9: WARNING is a filter only). */
export const SENDABLE_NOTIFICATION_TYPES = ['INFO', 'ALERT'] as const;
/** Image types a notification message may embed (SPEC §5 rich text). */
export const NOTIFICATION_IMAGE_TYPES = ['gif', 'jpeg', 'jpg', 'png', 'svg'] as const;
/** Days before a domain's expiration at which an alert is raised (one per threshold). */
export const EXPIRATION_ALERT_DAYS = [30, 14, 7, 1] as const;
export const MONITOR_TYPES = ['keyword', 'http', 'ping'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
/** A monitor's state: pending until its first check, then up or down once a change is confirmed. */
export const MONITOR_STATUSES = ['pending', 'up', 'down'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];
/** Where a check may run from (ISO 3166 codes); with no remote gateway configured it runs from this machine. */
export const MONITOR_GATEWAYS = [
  'US',
  'CA',
  'GB',
  'DE',
  'NL',
  'SE',
  'FR',
  'ES',
  'IT',
  'IN',
  'JP',
  'SG',
  'TH',
  'VN',
  'CO',
  'BR',
  'AU',
] as const;
/** Bounds of a monitor's schedule (seconds) and retries; what a new monitor gets when they are not given. */
export const MONITOR_LIMITS = {
  intervalMin: 20,
  intervalMax: 86_400,
  intervalDefault: 300,
  timeoutMin: 1,
  timeoutMax: 60,
  timeoutDefault: 15,
  retriesMax: 10,
  retriesDefault: 1,
  /** Seconds between the checks that confirm a suspected change (capped by the monitor's interval). */
  retryIntervalSeconds: 20,
  alertRecipientsMax: 20,
  /** Up/down changes a monitor's page returns (newest kept). */
  changesShown: 500,
} as const;
export const REDIRECT_TYPES = [301, 302] as const;
export const REL_ATTRIBUTES = ['follow', 'nofollow', 'sponsored', 'ugc'] as const;
export const TASK_STATUSES = [
  'DRAFT',
  'REJECTED',
  'NOT_PLUCKED',
  'IN_PROGRESS',
  'COMPLETED',
  'APPROVED',
  'ARCHIVED',
] as const;
export const DELIMITERS = { comma: ',', semicolon: ';', newline: '\n' } as const;
export const ENVIRONMENTS = [
  { id: 'production', name: 'Production' },
  { id: 'dms', name: 'dms' },
  { id: 'users', name: 'users' },
  { id: 'analytics', name: 'analytics' },
  { id: 'local', name: 'Staging' },
  { id: 'test', name: 'test' },
] as const;

/** The back-end services of SPEC §1, each under its own URL prefix. */
export const SERVICES = ['dms', 'ums', 'nms', 'umms', 'analytics', 'mms'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** Services whose heartbeat the console shows to admins (SPEC §2.1, §7.2). */
export const HEARTBEAT_SERVICES = ['dms', 'ums', 'nms', 'umms', 'analytics'] as const;

export const ADMIN_ROLE = 'ADMIN';
export const IT_ROLE = 'IT';
export const READ_ONLY_ROLE = 'VIEWER';

/**
 * What a permission lets its holder do: read data, write it, start outside work (a refresh, a scan, a check)
 * or open a stored secret. Each route declares its kind; the seeded roles are granted by kind.
 */
export const PERMISSION_KINDS = ['read', 'write', 'action', 'reveal'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

export const LIMITS = {
  defaultPerPage: 25,
  /** SPEC §9: a request for 10 rows gets the default 25. */
  perPageAliasedToDefault: 10,
  maxPerPage: 5000,
  /**
   * Lists count their rows exactly up to this many; past it the total is the planner's estimate (a list
   * narrowed by nothing) or "at least" this many, unless the caller asks for an exact count.
   */
  exactTotalMax: 10_000,
  exportMax: 5000,
  referencedExportMax: 100,
  passwordMin: 12,
  passwordMax: 128,
  notificationTruncateWords: 25,
} as const;

export const TIMINGS = {
  cronPollMs: 5_000,
  notificationPollMs: 30_000,
  notificationIdleMs: 60_000,
  versionPollMs: 60_000,
  tokenRefreshBeforeExpiryMs: 5 * 60_000,
} as const;

export const CDN_PROVIDERS = ['cloudflare', 'bunnycdn', 'fastly', 'cloudfront', 'akamai', 'none'] as const;
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'SOA', 'TXT', 'SRV', 'CAA'] as const;
export const DOMAIN_SOURCES = ['rdap', 'whois', 'import', 'manual', 'registrar-api'] as const;
