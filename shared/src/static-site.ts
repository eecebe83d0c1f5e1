/**
 * Static mode of link sites (SPEC §4 link-type website static mode, issue 19): a LINK website's WordPress is
 * crawled into a static copy, checked by a gate, and published as an immutable release that a web server
 * serves; a rollback repoints to the previous release, or back to WordPress when there is none.
 */

/** What serves the site: its WordPress, or a static release. */
export const STATIC_STATES = ['wordpress', 'static'] as const;
export type StaticState = (typeof STATIC_STATES)[number];

export const STATIC_STATE_LABELS: Readonly<Record<StaticState, string>> = {
  wordpress: 'WordPress',
  static: 'Static',
};

/** The website show page's 'static generator' actions, each a command with a cron run. */
export const STATIC_OPERATIONS = ['convert', 'publish', 'rollback'] as const;
export type StaticOperation = (typeof STATIC_OPERATIONS)[number];

export const STATIC_OPERATION_LABELS: Readonly<Record<StaticOperation, string>> = {
  convert: 'Convert to static',
  publish: 'Publish static changes',
  rollback: 'Rollback to WordPress',
};

/** The command each operation runs (dms). */
export const STATIC_COMMANDS: Readonly<Record<StaticOperation, string>> = {
  convert: 'static:convert',
  publish: 'static:publish',
  rollback: 'static:rollback',
};

/**
 * A release's life: `live` is the one served (`current` points at it); `previous` was live and is kept for a
 * rollback; `rolled_back` was live until a rollback; `rejected` failed the gate and was never published;
 * `pruned` was published once, its folder since removed (only the newest releases are kept on disk).
 */
export const STATIC_RELEASE_STATUSES = ['live', 'previous', 'rolled_back', 'rejected', 'pruned'] as const;
export type StaticReleaseStatus = (typeof STATIC_RELEASE_STATUSES)[number];

export const STATIC_RELEASE_STATUS_LABELS: Readonly<Record<StaticReleaseStatus, string>> = {
  live: 'Live',
  previous: 'Previous',
  rolled_back: 'Rolled back',
  rejected: 'Gate failed',
  pruned: 'Pruned',
};

/** How a release was made: the first conversion, or a later publish of WordPress's changes. */
export const STATIC_RELEASE_OPERATIONS = ['convert', 'publish'] as const;

/** The last gate's verdict as the SAWDStatus tab filters it; `none` when no release was ever built. */
export const STATIC_GATE_RESULTS = ['passed', 'failed', 'none'] as const;
export type StaticGateResult = (typeof STATIC_GATE_RESULTS)[number];

export const STATIC_GATE_LABELS: Readonly<Record<StaticGateResult, string>> = {
  passed: 'Passed',
  failed: 'Failed',
  none: 'Not run',
};

/** The gate's checks, in the order they run. */
export const STATIC_GATE_CHECKS = [
  'internal_links',
  'origin_host',
  'page_count',
  'bought_links',
  'affiliate_redirects',
] as const;
export type StaticGateCheck = (typeof STATIC_GATE_CHECKS)[number];

export const STATIC_GATE_CHECK_LABELS: Readonly<Record<StaticGateCheck, string>> = {
  internal_links: 'Every internal link resolves to a file',
  origin_host: 'No origin host left',
  page_count: 'Pages not below the sitemap',
  bought_links: 'Bought links kept (target, anchor, rel)',
  affiliate_redirects: 'Affiliate redirects kept',
};

/** Where a running operation is, as the progress dialog shows it. */
export const STATIC_PHASES = [
  'seeding',
  'crawling',
  'gate',
  'publishing',
  'switching',
  'done',
  'failed',
] as const;
export type StaticPhase = (typeof STATIC_PHASES)[number];

export const STATIC_PHASE_LABELS: Readonly<Record<StaticPhase, string>> = {
  seeding: 'Collecting URLs (companion, sitemaps)',
  crawling: 'Crawling WordPress',
  gate: 'Checking the gate',
  publishing: 'Writing the release',
  switching: 'Switching the live release',
  done: 'Done',
  failed: 'Failed',
};

/** What a running operation last reported (static-sites `progress`). */
export interface StaticProgress {
  phase: StaticPhase;
  /** HTML pages written so far. */
  pages: number;
  /** Every file written so far (pages, assets, feeds, sitemaps). */
  files: number;
  /** URLs waiting to be fetched. */
  queued: number;
  redirects: number;
  errors: number;
  message: string;
  /** Epoch seconds of this report. */
  at: number;
}

/** How long the console's progress dialog follows a run before it lets the user go (SPEC §4: up to a minute). */
export const STATIC_DIALOG_FOLLOW_MS = 60_000;
