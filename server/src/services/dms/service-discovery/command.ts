import {
  parseRecordCheck,
  RECORD_CHECK_RUNNING,
  recordCheckArguments,
  type RecordCheckArgs,
} from '../../../jobs/record-checks.js';
import { defineCommand } from '../../../jobs/types.js';
import { checkService, saveCheck, serviceTarget } from './check.js';

/** Services checked in one run at the most (the schedule takes those checked longest ago). */
export const SERVICE_CHECK_MAX = 20_000;

const NOUNS = {
  one: 'service',
  many: 'services',
  everything: 'every service, checked longest ago first',
};

/**
 * service-discovery:check (daily, or for chosen ids): checks each service as "Check now" does, one unit per
 * service, so a dead host or a silent resolver fails its own service only. A service not verified is its
 * unit's definite failure (listed in the run), with the reason stored on the service.
 */
export const serviceDiscoveryCheck = defineCommand<RecordCheckArgs>({
  service: 'dms',
  name: 'service-discovery:check',
  description: 'Verify discovered services: their DNS records, and an HTTP request for web services',
  arguments: [...recordCheckArguments(NOUNS)],
  schedule: { cron: '30 5 * * *' },
  ...RECORD_CHECK_RUNNING,
  maxJobs: SERVICE_CHECK_MAX,
  parse: (raw) => parseRecordCheck(raw, NOUNS, SERVICE_CHECK_MAX),
  async plan(a, { deps }) {
    type Planned = { id: number; type: string; hostname: string };
    const r = a.ids.length
      ? await deps.db.query<Planned>(
          'SELECT id, type, hostname FROM service_discoveries WHERE id = ANY($1::bigint[]) ORDER BY id',
          [a.ids],
        )
      : await deps.db.query<Planned>(
          `SELECT id, type, hostname FROM service_discoveries
            WHERE last_checked IS NULL OR last_checked < epoch_now() - $1::bigint * 3600
            ORDER BY last_checked NULLS FIRST, id LIMIT $2`,
          [a.older_than_hours, SERVICE_CHECK_MAX],
        );
    return r.rows.map((row) => ({
      key: `${row.id} ${row.type} ${row.hostname}`,
      input: { id: Number(row.id) },
    }));
  },
  async run(unit, _run, { deps }) {
    const service = await serviceTarget(deps.db, Number(unit.input.id));
    if (!service)
      return { output: { message: `${unit.key}: deleted before its check`, verified: null }, failed: true };
    const result = await checkService(deps.integrations, service);
    return {
      output: { message: result.message, verified: result.verified },
      ...(result.verified ? {} : { failed: true }),
      commit: async (tx) => {
        await saveCheck(tx, service, result);
      },
    };
  },
});
