/** Wire shapes and constants of the job engine: cron runs, artisan commands and the checkers (SPEC §7.4, §7.5). */
import { DELIMITERS } from './constants.js';

/** Services with a cron-jobs list and an artisan endpoint (SPEC §2.5). */
export const JOB_SERVICES = ['dms', 'umms', 'analytics'] as const;
export type JobService = (typeof JOB_SERVICES)[number];

export const CRON_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export type CronRunStatus = (typeof CRON_RUN_STATUSES)[number];
/** How a run was started: from the console (artisan or a checker), by its schedule, or by another API call. */
export const CRON_RUN_TRIGGERS = ['console', 'schedule', 'api'] as const;

export type DelimiterName = keyof typeof DELIMITERS;
export const DELIMITER_NAMES = Object.keys(DELIMITERS) as DelimiterName[];

/**
 * Splits a textbox by a delimiter choice: trims items, drops empty ones and repeats (first kept). The
 * delimiter may be given by name (comma) or as the character itself (","); newline also splits on CRLF.
 */
export function splitList(text: string, delimiter: string): string[] {
  const ch = delimiter in DELIMITERS ? DELIMITERS[delimiter as DelimiterName] : delimiter;
  const parts = ch === '\n' ? text.split(/\r?\n/) : text.split(ch);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const v = p.trim();
    if (v && !seen.has(v)) {
      seen.add(v);
      out.push(v);
    }
  }
  return out;
}

/** SPEC §9: the keyword checker's default keywords, of the paid/sponsor/buy-link kind. */
export const DEFAULT_CHECKER_KEYWORDS = [
  'sponsored',
  'sponsored post',
  'paid post',
  'advertorial',
  'partner content',
  'guest post',
  'buy links',
  'link insertion',
  'write for us',
] as const;

export const CHECKER_LIMITS = {
  /** Most domains one deindex run checks. */
  maxDomains: 1000,
  /** Most pages one keyword run fetches. */
  maxPages: 500,
  maxKeywords: 100,
  /** Pages one website scan visits at most. */
  scanMaxPages: 200,
} as const;

/** One input of a command, as the console's run dialog renders it. */
export interface CommandArgument {
  name: string;
  label: string;
  kind: 'string' | 'text' | 'integer' | 'boolean' | 'enum';
  required?: boolean;
  values?: readonly string[];
  help?: string;
  default?: string | number | boolean;
  /** Bounds of an integer argument. */
  min?: number;
  max?: number;
  maxLength?: number;
}

/** GET {ms}/api/v1/artisan: one registered command (its schema is the action's response). */
export type { ArtisanCommand } from './actions/jobs.js';

/** An item of job_output / failed_job_output (SPEC §3: each carries output.message). */
export interface JobOutputItem {
  id: number;
  key: string;
  output: { message: string; [extra: string]: unknown };
  finished_at: number | null;
  attempts: number;
}

/** What the keyword checker says about one page (job_output[].output). */
// A type alias, not an interface: it must fit the JSON object a job unit's output is stored as.
export type KeywordPageResult = {
  message: string;
  url: string;
  final_url: string;
  status: number;
  found: Array<{
    keyword: string;
    where: Array<'text' | 'link' | 'attribute'>;
    count: number;
    samples: string[];
  }>;
  missing: string[];
};
