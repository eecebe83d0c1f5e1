import { STATIC_COMMANDS, STATIC_OPERATION_LABELS, type StaticOperation } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type CommandDef, type JsonObject } from '../../../jobs/types.js';
import { buildAndPublish } from './pipeline.js';
import { loadTarget } from './repository.js';
import { rollBack } from './rollback.js';
import { refusal } from './state.js';
import { httpUrl } from './urls.js';

interface StaticArgs extends JsonObject {
  website_id: number;
  origin: string;
}

const websiteArg = {
  name: 'website_id',
  label: 'Website id',
  kind: 'integer',
  required: true,
  min: 1,
} as const;
const originArg = {
  name: 'origin',
  label: 'WordPress address (crawled)',
  kind: 'string',
  default: '',
  maxLength: 2048,
  help: 'Where WordPress answers for the crawl; empty: the stored one, the WordPress connection, else the website URL',
} as const;

/** Checks an origin as the convert action and the artisan form take it: an http(s) address, or empty. */
export function originError(origin: string): string | null {
  if (!origin) return null;
  const url = httpUrl(origin);
  if (!url || url.username || url.password) return 'Enter the http(s) address WordPress answers at';
  return null;
}

/**
 * One static command (static:convert, static:publish, static:rollback): one unit, the website, whose work runs
 * the whole operation (a crawl of up to a few thousand pages, the gate, the switch). A failure is definite: the
 * reason is recorded and the next click tries again.
 */
function staticCommand(operation: StaticOperation): CommandDef {
  const args = operation === 'convert' ? [websiteArg, originArg] : [websiteArg];
  return defineCommand<StaticArgs>({
    service: 'dms',
    name: STATIC_COMMANDS[operation],
    description: `${STATIC_OPERATION_LABELS[operation]} (a LINK website's static mode)`,
    arguments: [...args],
    retry: { limit: 0 },
    timeoutSeconds: 1800,
    batchSize: 2,
    unitsPerJob: 1,
    maxJobs: 1,
    async parse(raw, { deps }) {
      const a = parseArguments(args, raw);
      const id = Number(a.website_id);
      const target = await loadTarget(deps.db, id);
      if (!target) throw invalid({ 'arguments.website_id': `No website with id ${id}` });
      const why = refusal(operation, target);
      if (why) throw invalid({ 'arguments.website_id': why }, why);
      const origin = typeof a.origin === 'string' ? a.origin.trim() : '';
      const bad = originError(origin);
      if (bad) throw invalid({ 'arguments.origin': bad }, bad);
      return { website_id: id, origin: origin ? httpUrl(origin)!.href : '' };
    },
    async plan(a, { deps }) {
      const target = await loadTarget(deps.db, a.website_id);
      return [
        { key: `${target?.hostname ?? 'website'} #${a.website_id}`, input: { website_id: a.website_id } },
      ];
    },
    async run(unit, run, { deps, log }) {
      const rc = { deps, log, runId: run.id };
      const id = Number(unit.input.website_id);
      if (operation === 'rollback') return rollBack(rc, id);
      return buildAndPublish(rc, id, operation, run.arguments.origin || null);
    },
    summarize: (c) =>
      c.success
        ? `${STATIC_OPERATION_LABELS[operation]}: done`
        : `${STATIC_OPERATION_LABELS[operation]}: failed`,
  });
}

export const staticCommands: CommandDef[] = [
  staticCommand('convert'),
  staticCommand('publish'),
  staticCommand('rollback'),
];
