import { invalid } from '../core/errors.js';
import { parseArguments } from './arguments.js';
import type { JsonObject } from './types.js';

/**
 * What a command that checks records (backlinks, services) takes: chosen ids (a list selection), or, without
 * them, the records not checked for some hours; and how it parses them. One definition for every such command.
 */
export interface RecordCheckArgs extends JsonObject {
  ids: number[];
  older_than_hours: number;
}

export interface RecordCheckNouns {
  /** 'backlink', 'service' */
  one: string;
  /** 'links', 'services' */
  many: string;
  /** What an empty selection checks, after "empty: ". */
  everything: string;
}

/** The command's two arguments, worded for its records. */
export function recordCheckArguments(nouns: RecordCheckNouns) {
  return [
    {
      name: 'ids',
      label: `${nouns.one[0]!.toUpperCase()}${nouns.one.slice(1)} ids`,
      kind: 'text',
      maxLength: 200_000,
      help: `Comma-separated ids of the ${nouns.many} to check (a list selection); empty: ${nouns.everything}`,
    },
    {
      name: 'older_than_hours',
      label: 'Checked more than (hours) ago',
      kind: 'integer',
      default: 20,
      min: 0,
      max: 24 * 365,
      help: `Without ids: only ${nouns.many} not checked for this long`,
    },
  ] as const;
}

/**
 * The arguments as the command's run keeps them: ids typed or selected (whole numbers above 0, separated by
 * commas or spaces, each once, at most `max`), and the age of the checks to redo.
 */
export function parseRecordCheck(raw: JsonObject, nouns: RecordCheckNouns, max: number): RecordCheckArgs {
  const a = parseArguments(recordCheckArguments(nouns), raw) as {
    ids?: string | null;
    older_than_hours: number;
  };
  const ids = (a.ids ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    throw invalid({ 'arguments.ids': `Enter ${nouns.one} ids separated by commas` });
  if (ids.length > max) throw invalid({ 'arguments.ids': `At most ${max} ${nouns.many} in one run` });
  return { ids: [...new Set(ids)], older_than_hours: a.older_than_hours };
}

/** How a record-check command runs: small units, four to a job, one job at a time per worker, retried once. */
export const RECORD_CHECK_RUNNING = {
  retry: { limit: 1, delay: 60, backoff: true },
  timeoutSeconds: 60,
  batchSize: 16,
  concurrency: 1,
  unitsPerJob: 4,
} as const;
