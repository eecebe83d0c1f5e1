import { IntegrationError } from '../errors.js';
import type { AddressPolicy } from '../http/address-policy.js';
import type { Resolver } from '../http/connector.js';

export type LighthouseDevice = 'desktop' | 'mobile';

/** The Lighthouse categories a run can be limited to (PWA no longer exists in Lighthouse 12+). */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseRunOptions {
  /** `mobile`: Lighthouse's default config (emulated mid-range phone, slow 4G); `desktop`: its desktop preset. */
  device: LighthouseDevice;
  /** The Chromium binary; default `/usr/bin/chromium`. Nothing is ever downloaded. */
  chromePath?: string;
  /** Budget for one run, launch included (not the wait in the queue); default 120 s. */
  timeoutMs?: number;
  /** Only run these categories (the others score null); default all four. */
  categories?: LighthouseCategory[];
  /** The outbound address policy the target must pass; default the strict one (public addresses only). */
  policy?: AddressPolicy;
  /** Host name resolution for the policy check; default the system resolver. */
  resolver?: Resolver;
  /** Called once Chromium is up (for logging and tests); the process is gone when the run settles. */
  onLaunch?: (chrome: LaunchedChromeInfo) => void;
}

export interface LaunchedChromeInfo {
  pid: number;
  /** The fresh profile directory, removed after the run. */
  userDataDir: string;
}

/** Category scores as 0-100 integers; null when the category was not run or could not be scored. */
export interface LighthouseScores {
  performance: number | null;
  accessibility: number | null;
  seo: number | null;
  bestPractices: number | null;
  /** Always null with Lighthouse 12+, which dropped the category; kept so stored results keep one shape. */
  pwa: number | null;
}

export interface LighthouseResult {
  device: LighthouseDevice;
  requestedUrl: string;
  /** The URL of the last document request (after redirects), or the requested URL if none completed. */
  finalUrl: string;
  lighthouseVersion: string;
  /** ISO-8601 time Lighthouse produced the result. */
  fetchedAt: string;
  scores: LighthouseScores;
  /**
   * Set when Lighthouse ran but could not audit the page (e.g. ERRORED_DOCUMENT_REQUEST for a 404,
   * FAILED_DOCUMENT_REQUEST when nothing answers); the scores are then null and should be discarded.
   */
  runtimeError: { code: string; message: string } | null;
  /** Lighthouse's top-level warnings (redirects, slow host, …). */
  warnings: string[];
  durationMs: number;
}

/**
 * refused: the URL is not an http(s) URL the outbound policy allows (nothing was launched), or the page
 * ended on a refused address (the result is discarded). unavailable: Chromium could not be started.
 * timeout: the run exceeded `timeoutMs` (Chromium was killed). failed: the host name did not resolve
 * (code `network`, nothing was launched), or Lighthouse itself threw or its worker died (code, when given,
 * is Lighthouse's, e.g. PROTOCOL_TIMEOUT). A page that errors or does not answer is not an error: it is a
 * result with `runtimeError` set.
 */
export type LighthouseErrorKind = 'refused' | 'unavailable' | 'timeout' | 'failed';

export class LighthouseRunError extends IntegrationError<LighthouseErrorKind> {
  override readonly name = 'LighthouseRunError';
  constructor(
    kind: LighthouseErrorKind,
    message: string,
    readonly details: { code?: string; cause?: unknown } = {},
  ) {
    super(kind, message, { cause: details.cause });
  }
}

export const isLighthouseRunError = (err: unknown): err is LighthouseRunError =>
  err instanceof LighthouseRunError;

/** What the runner hands the worker thread that drives Lighthouse. */
export interface LighthouseWorkerRequest {
  url: string;
  /** The remote-debugging port of the Chromium launched for this run. */
  port: number;
  device: LighthouseDevice;
  categories: LighthouseCategory[] | null;
}

/** The worker's one message back: the parts of the Lighthouse result kept, or why there is none. */
export type LighthouseWorkerReply =
  | {
      ok: true;
      finalUrl: string;
      lighthouseVersion: string;
      fetchTime: string;
      /** Category id to Lighthouse's 0..1 score. */
      scores: Record<string, number | null>;
      runtimeError: { code: string; message: string } | null;
      warnings: string[];
    }
  | { ok: false; message: string; code?: string };
