import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/db.js';
import { queueOf, type JobData } from '../src/jobs/job-data.js';
import { reconcileOrphans } from '../src/jobs/reconcile.js';
import { defineCommand, type CommandDef } from '../src/jobs/types.js';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';

/** How many times each unit ran, by run and key. */
const runs = new Map<string, number>();
/** Units that started and wait on the gate. */
const started = new Set<string>();

function held() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open: () => open() };
}
let gate = held();
gate.open();

async function waitUntil(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const countCommand = defineCommand<{ count: number }>({
  service: 'dms',
  name: 'test:reconcile',
  description: 'Reconciler probe',
  arguments: [],
  retry: { limit: 1, delay: 0, backoff: false },
  parse: (raw) => ({ count: Number(raw.count) }),
  plan: (a) => Array.from({ length: a.count }, (_, i) => ({ key: `unit-${i}` })),
  async run(unit, run) {
    const key = `${run.id}/${unit.key}`;
    runs.set(key, (runs.get(key) ?? 0) + 1);
    started.add(key);
    await gate.promise;
    return { output: { message: `did ${unit.key}` } };
  },
}) as unknown as CommandDef;
const queue = queueOf(countCommand);

for (const kind of DATABASES) {
  describe(`units whose queue message was lost (${kind})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;

    beforeAll(async () => {
      runs.clear();
      started.clear();
      // The periodic pass stays out of the way: the test runs each pass itself.
      t = await createTestApp(kind, { jobsSuperviseSeconds: 3600 });
      t.deps.jobs.register(countCommand);
      await t.deps.jobs.startWorkers();
      admin = await t.as('ADMIN');
    });
    afterAll(async () => t?.close());

    it('leaves units in flight alone, re-enqueues a unit no message carries once, and it runs once', async () => {
      gate = held();
      const runId = await t.deps.jobs.startRun(
        'dms',
        'test:reconcile',
        { count: 3 },
        { trigger: 'api', userId: null },
      );
      await waitUntil('the units to start', () => started.size === 3);
      expect(await t.deps.jobs.reconcile()).toBe(0);

      // A unit whose message is gone (a lost commit or a lost message leaves this state).
      const extra = await t.db.query<{ id: number }>(
        `INSERT INTO cron_run_jobs (run_id, key) VALUES ($1, 'unit-extra') RETURNING id`,
        [runId],
      );
      await t.db.query(
        'UPDATE cron_runs SET job_count = job_count + 1, remaining_jobs = remaining_jobs + 1 WHERE id = $1',
        [runId],
      );
      expect(await t.deps.jobs.reconcile()).toBe(1);
      // Idempotent: the new message is live, so the next pass finds nothing.
      expect(await t.deps.jobs.reconcile()).toBe(0);
      const live = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->'units' @> $2::jsonb`,
        [queue, JSON.stringify([{ jobId: Number(extra.rows[0]!.id) }])],
      );
      expect(live.rows[0]!.n).toBe(1);

      gate.open();
      const done = await waitForRun<{
        status: string;
        success_count: number;
        failed_count: number;
        remaining_jobs: number;
      }>(t, admin, 'dms', runId);
      expect(done).toMatchObject({
        status: 'completed',
        success_count: 4,
        failed_count: 0,
        remaining_jobs: 0,
      });
      expect(
        [...runs.entries()]
          .filter(([k]) => k.startsWith(`${runId}/`))
          .map(([k, n]) => `${k.split('/')[1]}:${n}`)
          .sort(),
      ).toEqual(['unit-0:1', 'unit-1:1', 'unit-2:1', 'unit-extra:1']);
    });

    it('lets one of two concurrent passes re-enqueue a unit', async () => {
      // A run left as a lost commit leaves it: running, its one unit queued, no message anywhere.
      const run = await t.db.query<{ id: number }>(
        `INSERT INTO cron_runs (service, command, arguments, job_count, remaining_jobs)
         VALUES ('dms', 'test:reconcile', '{"count":1}', 1, 1) RETURNING id`,
      );
      const runId = Number(run.rows[0]!.id);
      const unit = await t.db.query<{ id: number }>(
        `INSERT INTO cron_run_jobs (run_id, key) VALUES ($1, 'unit-0') RETURNING id`,
        [runId],
      );
      const unitId = Number(unit.rows[0]!.id);
      // Its message was settled; only a live one would count.
      await t.db.query(`INSERT INTO pgboss.job (name, data, state) VALUES ($1, $2::jsonb, 'completed')`, [
        queue,
        JSON.stringify({ runId, units: [{ jobId: unitId, key: 'unit-0' }] }),
      ]);
      const enqueued: number[] = [];
      // Messages due in an hour: live for the reconciler, out of the running workers' reach.
      const enqueue = async (tx: Queryable, _def: CommandDef, messages: JobData[]) => {
        for (const m of messages) {
          enqueued.push(m.units![0]!.jobId);
          await tx.query(
            `INSERT INTO pgboss.job (name, data, start_after) VALUES ($1, $2::jsonb, now() + interval '1 hour')`,
            [queue, JSON.stringify(m)],
          );
        }
      };
      const [a, b] = await Promise.all([
        reconcileOrphans(t.db, [countCommand], enqueue),
        reconcileOrphans(t.db, [countCommand], enqueue),
      ]);
      expect(a + b).toBe(1);
      expect(enqueued).toEqual([unitId]);
      expect(await reconcileOrphans(t.db, [countCommand], enqueue)).toBe(0);
      await t.db.query(`DELETE FROM pgboss.job WHERE name = $1 AND (data->>'runId')::bigint = $2`, [
        queue,
        runId,
      ]);
      await t.db.query('DELETE FROM cron_runs WHERE id = $1', [runId]);
    });
  });
}
