import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueOf } from '../src/jobs/job-data.js';
import { MAX_HELD_BYTES } from '../src/jobs/pipeline.js';
import { parseArguments } from '../src/jobs/arguments.js';
import type { CommandArgument } from '@sitefleet/shared';
import {
  defineCommand,
  GroupWriter,
  type CommandDef,
  type JsonObject,
  type UnitResult,
} from '../src/jobs/types.js';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';
import { until } from './support/delivery.js';

const attempts = new Map<string, number>();

/** A command whose units succeed, fail for good, fail once, or spawn more units, per their key. */
const probeArguments: CommandArgument[] = [
  { name: 'count', label: 'Count', kind: 'integer', required: true, min: 0, max: 500 },
  { name: 'prefix', label: 'Prefix', kind: 'string', default: 'ok' },
];

/** Units keyed held-… wait for the test to let them go. */
function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, resolve: () => open() };
}
let held = gate();

const probeCommand = (name: string, unitsPerJob: number) =>
  defineCommand<{ count: number; prefix: string }>({
    service: 'dms',
    name,
    description: 'Engine probe',
    arguments: probeArguments,
    retry: { limit: 2, delay: 0, backoff: false },
    batchSize: 7,
    unitsPerJob,
    parse: (raw) => parseArguments(probeArguments, raw) as { count: number; prefix: string },
    // Keys dup-… repeat (dup-0, dup-1, dup-0…): a run has each key once, with the first unit's input.
    plan: (a) =>
      Array.from({ length: a.count }, (_, i) => ({
        key: `${a.prefix}-${a.prefix === 'dup' ? i % 2 : i}`,
        input: { i },
      })),
    async run(unit, run): Promise<UnitResult> {
      const seen = (attempts.get(`${run.id}/${unit.key}`) ?? 0) + 1;
      attempts.set(`${run.id}/${unit.key}`, seen);
      if (unit.key.startsWith('held')) await held.promise;
      if (unit.key.startsWith('bad')) throw new Error(`cannot do ${unit.key}`);
      if ((unit.key.startsWith('flaky') || unit.key === 'mix-1') && seen === 1)
        throw new Error('first attempt fails');
      if (unit.key.startsWith('gone')) return { output: { message: 'answered 404' }, failed: true };
      return {
        output: { message: `did ${unit.key}`, attempt: seen },
        spawn:
          unit.key.startsWith('tree') && Number(unit.input.i) < 3
            ? [{ key: `tree-child-${String(unit.input.i)}`, input: { i: 99 } }]
            : [],
        commit: async (tx) => {
          await tx.query('INSERT INTO test_effects (run_id, key) VALUES ($1, $2)', [run.id, unit.key]);
          // Units brk-0, brk-2… fail to save their results, after writing part of them.
          if (unit.key.startsWith('brk') && Number(unit.input.i) % 2 === 0) throw new Error('disk full');
        },
      };
    },
  });

/**
 * Two slots per worker: units 0 to 3 wait for the test (as many as the workers' slots, so they hold them
 * all), the rest finish at once, and a unit still running after 50 ms is set aside.
 */
let stuck = gate();
const asideArguments: CommandArgument[] = [
  { name: 'count', label: 'Count', kind: 'integer', required: true, min: 0, max: 50 },
];
const aside = defineCommand<{ count: number }>({
  service: 'dms',
  name: 'test:aside',
  description: 'Engine probe: stuck units set aside',
  arguments: asideArguments,
  batchSize: 2,
  concurrency: 2,
  setAsideAfterMs: 50,
  parse: (raw) => parseArguments(asideArguments, raw) as { count: number },
  plan: (a) => Array.from({ length: a.count }, (_, i) => ({ key: `unit-${i}`, input: { i } })),
  async run(unit): Promise<UnitResult> {
    if (Number(unit.input.i) < 4) await stuck.promise;
    return { output: { message: `did ${unit.key}` } };
  },
});

/**
 * Units that hold more than half a pipeline's bound each until recorded, and whose recording waits for the
 * test: once two finished units wait, no more may start.
 */
let recording = gate();
let recordingEntered = gate();
let heldStarted = 0;
const heldArguments: CommandArgument[] = [
  { name: 'count', label: 'Count', kind: 'integer', required: true, min: 0, max: 50 },
];
const holding = defineCommand<{ count: number }>({
  service: 'dms',
  name: 'test:holding',
  description: 'Engine probe: units holding their results until recorded',
  arguments: heldArguments,
  batchSize: 2,
  concurrency: 1,
  unitsPerJob: 1,
  parse: (raw) => parseArguments(heldArguments, raw) as { count: number },
  plan: (a) => Array.from({ length: a.count }, (_, i) => ({ key: `unit-${i}`, input: { i } })),
  run(unit): Promise<UnitResult> {
    heldStarted++;
    return Promise.resolve({
      output: { message: `did ${unit.key}` },
      heldBytes: MAX_HELD_BYTES / 2 + 1,
      commit: async () => {
        recordingEntered.resolve();
        await recording.promise;
      },
    });
  },
});

/**
 * Two units, one per worker (each waits until both have started), whose commits each wait until both
 * commits have begun: they finish only when the process records two groups at once (recordLanes).
 */
const lanesCommand = (name: string, recordLanes: number) => {
  const started = new Set<string>();
  let bothStarted = gate();
  const committing = new Set<string>();
  let bothCommitting = gate();
  // Each unit counts once (a commit tried again in a savepoint is the same unit arriving again).
  const meet = async (
    key: string,
    arrived: Set<string>,
    all: { promise: Promise<void>; resolve: () => void },
  ) => {
    arrived.add(key);
    if (arrived.size === 2) all.resolve();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the other unit never came')), 1500);
    });
    try {
      await Promise.race([all.promise, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const def = defineCommand<{ count: number }>({
    service: 'dms',
    name,
    description: 'Engine probe: two groups recorded at once',
    arguments: heldArguments,
    batchSize: 1,
    concurrency: 2,
    unitsPerJob: 1,
    recordLanes,
    retry: { limit: 0 },
    parse: (raw) => parseArguments(heldArguments, raw) as { count: number },
    plan: (a) => Array.from({ length: a.count }, (_, i) => ({ key: `unit-${i}`, input: { i } })),
    async run(unit): Promise<UnitResult> {
      await meet(unit.key, started, bothStarted);
      return {
        output: { message: `did ${unit.key}` },
        commit: () => meet(unit.key, committing, bothCommitting),
      };
    },
  });
  const reset = () => {
    started.clear();
    bothStarted = gate();
    committing.clear();
    bothCommitting = gate();
  };
  return { def, reset };
};
const twoLanes = lanesCommand('test:two-lanes', 2);
const oneLane = lanesCommand('test:one-lane', 1);

/**
 * Units whose results are written by one group writer: a statement for all of a group's values, refusing
 * those keyed refuse-… (writing nothing of them) and throwing when a value keyed throw-… is among them.
 */
let groupCalls: number[] = [];
const effectsWriter = new GroupWriter<{ runId: number; key: string }>(async (tx, values) => {
  groupCalls.push(values.length);
  if (values.some((v) => v.key.startsWith('throw'))) throw new Error('the write broke');
  const written = values.filter((v) => !v.key.startsWith('refuse'));
  await tx.query(
    'INSERT INTO test_effects (run_id, key) SELECT x.run_id, x.key FROM jsonb_to_recordset($1::jsonb) AS x(run_id bigint, key text)',
    [JSON.stringify(written.map((v) => ({ run_id: v.runId, key: v.key })))],
  );
  return values.map((v) => (v.key.startsWith('refuse') ? `${v.key} refused` : null));
});
const groupedArguments: CommandArgument[] = [{ name: 'keys', label: 'Keys', kind: 'string', required: true }];
const grouped = defineCommand<{ keys: string }>({
  service: 'dms',
  name: 'test:grouped',
  description: 'Engine probe: results written by a group writer',
  arguments: groupedArguments,
  batchSize: 8,
  concurrency: 1,
  retry: { limit: 0 },
  parse: (raw) => parseArguments(groupedArguments, raw) as { keys: string },
  plan: (a) => a.keys.split(',').map((key) => ({ key, input: {} })),
  run: (unit, run): Promise<UnitResult> =>
    Promise.resolve({
      output: { message: `did ${unit.key}` },
      groupWrite: effectsWriter.item({ runId: run.id, key: unit.key }),
    }),
});

/** Units prepared in batches (CommandDef.prepare): the batch's inputs doubled, or a failure for key "fail". */
let prepareCalls: number[] = [];
const preparedCommand = defineCommand<{ keys: string }>({
  service: 'dms',
  name: 'test:prepared',
  description: 'Engine probe: units prepared in batches',
  arguments: groupedArguments,
  batchSize: 4,
  concurrency: 1,
  unitsPerJob: 4,
  parse: (raw) => parseArguments(groupedArguments, raw) as { keys: string },
  plan: (a) => a.keys.split(',').map((key, i) => ({ key, input: { i } })),
  prepare: (inputs) => {
    prepareCalls.push(inputs.length);
    return Promise.resolve(inputs.map((input) => Number(input.i) * 2));
  },
  run: (unit): Promise<UnitResult> =>
    Promise.resolve({
      output: {
        message: `did ${unit.key}`,
        prepared: typeof unit.prepared === 'number' ? unit.prepared : 'read itself',
      },
    }),
});
const failingPrepare: CommandDef = {
  ...preparedCommand,
  name: 'test:prepare-fails',
  prepare: () => Promise.reject(new Error('no database')),
};

const probe = probeCommand('test:probe', 1);
/** The same units, three to a queue message. */
const batched = probeCommand('test:batched', 3);

interface RunView {
  id: number;
  command: string;
  status: string;
  job_count: number;
  done_jobs: number;
  remaining_jobs: number;
  success_count: number;
  failed_count: number;
  end_time: number | null;
  output: { message: string } | null;
  job_output: Array<{ key: string; attempts: number; output: { message: string; prepared?: unknown } }>;
  failed_job_output: Array<{ key: string; attempts: number; output: { message: string } }>;
}

for (const kind of DATABASES) {
  describe(`job engine (${kind})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;

    beforeAll(async () => {
      attempts.clear(); // run ids start again at 1 on each database
      t = await createTestApp(kind, { jobsSuperviseSeconds: 1 });
      t.deps.jobs.register(
        probe,
        batched,
        aside,
        holding,
        twoLanes.def,
        oneLane.def,
        grouped,
        preparedCommand,
        failingPrepare,
      );
      await t.db.query('CREATE TABLE test_effects (run_id bigint, key text)');
      await t.deps.jobs.startWorkers();
      admin = await t.as('ADMIN');
    });
    afterAll(async () => t?.close());

    const start = async (args: Record<string, unknown>, command = 'test:probe') => {
      const r = await t.call<{ cron_id: number; data: { id: number } }>({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: admin,
        payload: { command, arguments: args },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.id).toBe(r.body.cron_id);
      return r.body.cron_id;
    };
    // The engine's own probes start their runs directly: the API's start route allows 30 a minute.
    const startRun = (args: JsonObject, command: string) =>
      t.deps.jobs.startRun('dms', command, args, { trigger: 'api', userId: null });
    const view = async (id: number) =>
      (await t.call<{ data: RunView }>({ method: 'GET', url: `/dms/api/v1/cron-jobs/${id}`, headers: admin }))
        .body.data;
    /** How many times the units of a run committed their effects. */
    const effectsOf = async (id: number) =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM test_effects WHERE run_id = $1', [id]))
        .rows[0]!.n;
    const finished = (id: number) => waitForRun<RunView>(t, admin, 'dms', id);

    it('says when this process records the last unit of a run, not before', async () => {
      held = gate();
      const id = await start({ count: 3, prefix: 'held' });
      let told = false;
      const said = t.deps.jobs.whenFinished(id).then(() => {
        told = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(told).toBe(false);
      held.resolve();
      await said;
      expect((await view(id)).remaining_jobs).toBe(0);
    });

    it('sets aside units that outlast setAsideAfterMs, so units stuck in every slot do not stall the run', async () => {
      stuck = gate();
      const id = await start({ count: 10 }, 'test:aside');
      try {
        // the six quick units finish while the four stuck ones still hold what were all the slots
        const during = await until(
          'the quick units',
          async () => {
            const v = await view(id);
            return v.done_jobs === 6 ? v : null;
          },
          20_000,
        );
        expect(during.remaining_jobs).toBe(4);
        expect(during.status).toBe('running');
      } finally {
        stuck.resolve();
      }
      const done = await finished(id);
      expect(done.success_count).toBe(10);
    });

    it("writes a group's results in one call of its writer, failing the units it refuses or that break it", async () => {
      groupCalls = [];
      const keys = Array.from({ length: 16 }, (_, i) => `ok-${i}`);
      const all = await finished(await startRun({ keys: keys.join(',') }, 'test:grouped'));
      expect(all).toMatchObject({ success_count: 16, failed_count: 0 });
      expect(await effectsOf(all.id)).toBe(16);
      // Fewer calls than units: a recorded group's values go together.
      expect(groupCalls.length).toBeLessThan(16);
      expect(groupCalls.reduce((a, b) => a + b, 0)).toBe(16);

      const mixed = await finished(await startRun({ keys: 'ok-a,refuse-b,throw-c,ok-d' }, 'test:grouped'));
      expect(mixed).toMatchObject({ success_count: 2, failed_count: 2 });
      const failed = Object.fromEntries(mixed.failed_job_output.map((j) => [j.key, j.output.message]));
      expect(failed['refuse-b']).toBe('Saving the result failed: refuse-b refused');
      expect(failed['throw-c']).toBe('Saving the result failed: the write broke');
      // The values written are the accepted ones, once each, though the group was written again.
      const keysWritten = await t.db.query<{ key: string }>(
        'SELECT key FROM test_effects WHERE run_id = $1 ORDER BY key',
        [mixed.id],
      );
      expect(keysWritten.rows.map((r) => r.key)).toEqual(['ok-a', 'ok-d']);
    });

    it('prepares units a batch at a time before they start, and runs them without when that fails', async () => {
      prepareCalls = [];
      const keys = Array.from({ length: 12 }, (_, i) => `k${i}`).join(',');
      const run = await finished(await startRun({ keys }, 'test:prepared'));
      expect(run.success_count).toBe(12);
      // One call per fetched batch, never one per unit.
      expect(prepareCalls.reduce((a, b) => a + b, 0)).toBe(12);
      expect(prepareCalls.length).toBeLessThan(12);
      const prepared = Object.fromEntries(run.job_output.map((j) => [j.key, j.output.prepared]));
      expect(prepared).toMatchObject({ k0: 0, k5: 10, k11: 22 });
      const without = await finished(await startRun({ keys: 'a,b,c' }, 'test:prepare-fails'));
      expect(without.success_count).toBe(3);
      expect(without.job_output.map((j) => j.output.prepared)).toEqual([
        'read itself',
        'read itself',
        'read itself',
      ]);
    });

    it('starts no more units while the finished ones hold more than the bound until they are recorded', async () => {
      recording = gate();
      recordingEntered = gate();
      heldStarted = 0;
      const id = await startRun({ count: 8 }, 'test:holding');
      try {
        // The units that finished before the bound was passed are all that started (the recording
        // transaction holds PGlite's one connection: nothing is read meanwhile).
        await recordingEntered.promise;
        // Without the bound the other units start and finish at once while the recording waits: give them
        // a second to show it.
        const allStarted = await until(
          'every unit to start',
          () => Promise.resolve(heldStarted === 8 || null),
          1000,
        )
          .then(() => true)
          .catch(() => false);
        expect(allStarted).toBe(false);
        expect(heldStarted).toBeLessThan(8);
      } finally {
        recording.resolve();
      }
      const done = await finished(id);
      expect(done.success_count).toBe(8);
      expect(heldStarted).toBe(8);
    });

    // PGlite runs one transaction at a time: a second lane waits on it, so the lanes are PostgreSQL's.
    it.runIf(kind === 'postgres')(
      'records two groups of a command at once when it asks for two lanes',
      async () => {
        twoLanes.reset();
        const both = await finished(await startRun({ count: 2 }, 'test:two-lanes'));
        expect(both).toMatchObject({ success_count: 2, failed_count: 0 });
        // The same units on one lane: the second group waits for the first, whose commit waits for it.
        oneLane.reset();
        const one = await finished(await startRun({ count: 2 }, 'test:one-lane'));
        expect(one).toMatchObject({ success_count: 1, failed_count: 1 });
        expect(one.failed_job_output[0]?.output.message).toContain('the other unit never came');
      },
    );

    for (const [command, def] of [
      ['test:probe', probe],
      ['test:batched', batched],
    ] as const) {
      const queue = queueOf(def);
      describe(command, () => {
        it('fans out one job per unit and counts them as they finish', async () => {
          const id = await start({ count: 40 }, command);
          const run = await finished(id);
          expect(run).toMatchObject({
            job_count: 40,
            done_jobs: 40,
            remaining_jobs: 0,
            success_count: 40,
            failed_count: 0,
          });
          expect(run.status).toBe('completed');
          expect(run.end_time).not.toBeNull();
          expect(run.output?.message).toBe('40 succeeded, 0 failed');
          expect(run.job_output).toHaveLength(40);
          expect(run.job_output.every((j) => j.output.message === `did ${j.key}`)).toBe(true);
          expect(await effectsOf(id)).toBe(40);
        });

        it('records a throwing handler in failed_job_output after its retries, and retries a flaky one', async () => {
          const bad = await finished(await start({ count: 2, prefix: 'bad' }, command));
          expect(bad).toMatchObject({ job_count: 2, success_count: 0, failed_count: 2, status: 'failed' });
          expect(bad.failed_job_output.map((j) => j.output.message).sort()).toEqual([
            'cannot do bad-0',
            'cannot do bad-1',
          ]);
          expect(bad.failed_job_output.map((j) => j.attempts)).toEqual([3, 3]); // first try + 2 retries
          const flaky = await finished(await start({ count: 3, prefix: 'flaky' }, command));
          expect(flaky).toMatchObject({ success_count: 3, failed_count: 0 });
          expect(flaky.job_output.map((j) => j.attempts)).toEqual([2, 2, 2]);
          const gone = await finished(await start({ count: 1, prefix: 'gone' }, command));
          expect(gone.failed_job_output[0]).toMatchObject({
            attempts: 1,
            output: { message: 'answered 404' },
          });
        });

        it('retries only the unit that failed, when it shares a message with others', async () => {
          const id = await start({ count: 3, prefix: 'mix' }, command);
          const run = await finished(id);
          expect(run).toMatchObject({ job_count: 3, success_count: 3, failed_count: 0 });
          const tries = Object.fromEntries(run.job_output.map((j) => [j.key, j.attempts]));
          expect(tries).toEqual({ 'mix-0': 1, 'mix-1': 2, 'mix-2': 1 });
          expect([0, 1, 2].map((i) => attempts.get(`${id}/mix-${i}`))).toEqual([1, 2, 1]);
          expect(await effectsOf(id)).toBe(3);
        });

        it('commits the other units of a batch when one unit fails to save, and counts each once', async () => {
          const id = await start({ count: 6, prefix: 'brk' }, command);
          const run = await finished(id);
          expect(run).toMatchObject({
            job_count: 6,
            done_jobs: 6,
            remaining_jobs: 0,
            success_count: 3,
            failed_count: 3,
            status: 'failed',
          });
          expect(run.job_output.map((j) => j.key).sort()).toEqual(['brk-1', 'brk-3', 'brk-5']);
          expect(run.failed_job_output.map((j) => j.output.message)).toEqual([
            'Saving the result failed: disk full',
            'Saving the result failed: disk full',
            'Saving the result failed: disk full',
          ]);
          // The failed saves were rolled back whole (their first insert too); the others' effects stayed.
          const effects = await t.db.query<{ key: string }>(
            'SELECT key FROM test_effects WHERE run_id = $1 ORDER BY key',
            [id],
          );
          expect(effects.rows.map((r) => r.key)).toEqual(['brk-1', 'brk-3', 'brk-5']);
        });

        it('keeps a run exact while its workers record groups at once', async () => {
          const id = await start({ count: 300, prefix: 'many' }, command);
          const run = await finished(id);
          expect(run).toMatchObject({
            job_count: 300,
            done_jobs: 300,
            remaining_jobs: 0,
            success_count: 300,
            failed_count: 0,
            status: 'completed',
          });
          const units = await t.db.query<{ state: string; attempts: number; n: number }>(
            'SELECT state, attempts, count(*)::int AS n FROM cron_run_jobs WHERE run_id = $1 GROUP BY 1, 2',
            [id],
          );
          expect(units.rows).toEqual([{ state: 'done', attempts: 1, n: 300 }]);
          expect(await effectsOf(id)).toBe(300);
        });

        it('counts a key planned twice once, with its first input', async () => {
          const id = await start({ count: 5, prefix: 'dup' }, command);
          const run = await finished(id);
          expect(run).toMatchObject({ job_count: 2, done_jobs: 2, success_count: 2, status: 'completed' });
          const inputs = await t.db.query<{ key: string; input: { i: number } }>(
            'SELECT key, input FROM cron_run_jobs WHERE run_id = $1 ORDER BY key',
            [id],
          );
          expect(inputs.rows).toEqual([
            { key: 'dup-0', input: { i: 0 } },
            { key: 'dup-1', input: { i: 1 } },
          ]);
        });

        it('adds the units a job discovers to the same run', async () => {
          const run = await finished(await start({ count: 5, prefix: 'tree' }, command));
          expect(run.job_count).toBe(8);
          expect(run.success_count).toBe(8);
        });

        it('writes once when the same job is delivered twice', async () => {
          const id = await start({ count: 3 }, command);
          const before = await finished(id);
          const units = await t.db.query<{ id: number; key: string }>(
            'SELECT id, key FROM cron_run_jobs WHERE run_id = $1',
            [id],
          );
          const boss = await t.deps.jobs.start();
          // Both payload shapes: a unit named by id (read back), and units carried whole (run again, written once).
          for (const u of units.rows) await boss.send(queue, { runId: id, jobId: Number(u.id) });
          await boss.send(queue, {
            runId: id,
            units: units.rows.map((u) => ({ jobId: Number(u.id), key: u.key, input: {} })),
          });
          await new Promise((r) => setTimeout(r, 1500));
          expect(await boss.findJobs(queue, { queued: true })).toEqual([]);
          const after = await view(id);
          expect(after).toMatchObject({ job_count: 3, done_jobs: 3, success_count: 3, failed_count: 0 });
          expect(after.job_output.map((j) => j.output.message)).toEqual(
            before.job_output.map((j) => j.output.message),
          );
          expect(await effectsOf(id)).toBe(3);
        });
      });
    }

    it('refuses bad arguments with field errors and writes nothing', async () => {
      const runsBefore = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cron_runs');
      const r = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: admin,
        payload: { command: 'test:probe', arguments: { count: 'many', extra: 1 } },
      });
      expect(r.status).toBe(422);
      expect(r.body.error.fields['arguments.count']).toMatch(/whole number/);
      expect(r.body.error.fields['arguments.extra']).toMatch(/Unknown/);
      const unknown = await t.call({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: admin,
        payload: { command: 'nope' },
      });
      expect(unknown.status).toBe(422);
      const runsAfter = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cron_runs');
      expect(runsAfter.rows[0]!.n).toBe(runsBefore.rows[0]!.n);
    });

    it('completes a run without units at once', async () => {
      const run = await view(await start({ count: 0 }));
      expect(run).toMatchObject({ job_count: 0, remaining_jobs: 0, status: 'completed' });
    });

    it('lists commands with schedules and last runs, and keeps each service to its own runs', async () => {
      // Its own runs, one per service, so it holds whichever tests ran before it and whatever the schedules start.
      const probe = (await finished(await start({ count: 1 }))).id;
      const list = await t.call<{
        data: Array<{
          command: string;
          schedule: string | null;
          next_run: number | null;
          last_run: { id: number } | null;
        }>;
      }>({
        method: 'GET',
        url: '/dms/api/v1/artisan',
        headers: admin,
      });
      expect(list.status).toBe(200);
      const prune = list.body.data.find((c) => c.command === 'cron:prune');
      expect(prune?.schedule).toBe('15 4 * * *');
      expect(prune?.next_run).toBeGreaterThan(Date.now() / 1000);
      expect(list.body.data.find((c) => c.command === 'test:probe')?.last_run?.id).toBe(probe);
      // umms runs its own schedules (the hourly sign-in purge, the daily prunes) whenever their time comes
      // during the test: the check is that its list holds its own commands only, never this test's dms runs.
      const ummsCommands = await t.call<{ data: Array<{ command: string }> }>({
        method: 'GET',
        url: '/umms/api/v1/artisan',
        headers: admin,
      });
      const own = new Set(ummsCommands.body.data.map((c) => c.command));
      expect(own.has('monitors:prune')).toBe(true);
      expect(own.has('test:probe')).toBe(false);
      const purge = await t.call<{ cron_id: number }>({
        method: 'POST',
        url: '/umms/api/v1/artisan',
        headers: admin,
        payload: { command: 'auth:purge-sign-in-attempts', arguments: {} },
      });
      expect(purge.status, JSON.stringify(purge.body)).toBe(200);
      await waitForRun(t, admin, 'umms', purge.body.cron_id);
      const umms = await t.call<{ data: Array<{ id: number; command: string }>; meta: { total: number } }>({
        method: 'GET',
        url: '/umms/api/v1/cron-jobs?perPage=100',
        headers: admin,
      });
      expect(umms.status).toBe(200);
      expect(umms.body.data.filter((r) => !own.has(r.command))).toEqual([]);
      expect(umms.body.data.map((r) => r.id)).toContain(purge.body.cron_id);
      const probesUnderUmms = await t.call<{ meta: { total: number } }>({
        method: 'GET',
        url: '/umms/api/v1/cron-jobs?filter=' + encodeURIComponent(JSON.stringify({ command: 'probe' })),
        headers: admin,
      });
      expect(probesUnderUmms.body.meta.total).toBe(0);
      const dms = await t.call<{ data: Array<{ id: number; command: string }>; meta: { total: number } }>({
        method: 'GET',
        url:
          '/dms/api/v1/cron-jobs?perPage=100&filter=' +
          encodeURIComponent(JSON.stringify({ command: 'probe' })),
        headers: admin,
      });
      expect(dms.body.data.map((r) => r.id)).toContain(probe);
      expect(dms.body.data.every((r) => r.command === 'test:probe')).toBe(true);
      const dmsPurges = await t.call<{ meta: { total: number } }>({
        method: 'GET',
        url: '/dms/api/v1/cron-jobs?filter=' + encodeURIComponent(JSON.stringify({ command: 'purge' })),
        headers: admin,
      });
      expect(dmsPurges.body.meta.total).toBe(0);
    });

    it('keeps commands to the roles allowed to run them', async () => {
      const viewer = await t.as('VIEWER');
      const r = await t.call({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: viewer,
        payload: { command: 'test:probe', arguments: { count: 1 } },
      });
      expect(r.status).toBe(403);
    });
  });
}
