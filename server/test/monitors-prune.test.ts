import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

interface Run {
  status: string;
  remaining_jobs: number;
  success_count: number;
  job_output: Array<{ output: { message: string } }>;
}

for (const kind of DATABASES) {
  describe(`monitor history retention (${kind})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    const monitors = { flappy: 0, steady: 0, fresh: 0 };

    const addMonitor = async (name: string) =>
      Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO monitors (friendly_name, url, type, paused) VALUES ($1, $2, 'http', true) RETURNING id`,
            [name, `https://${name}.example/`],
          )
        ).rows[0]!.id,
      );
    /** A change `daysAgo` days back, with one sent alert. */
    const change = async (monitor: number, status: 'up' | 'down', daysAgo: number) => {
      const id = Number(
        (
          await t.db.query<{ id: number }>(
            `INSERT INTO monitor_changes (monitor_id, status, at, message) VALUES ($1, $2, $3, $4) RETURNING id`,
            [monitor, status, now() - daysAgo * DAY, `${status} ${daysAgo} days ago`],
          )
        ).rows[0]!.id,
      );
      await t.db.query(
        `INSERT INTO monitor_alerts (change_id, channel, recipient, state, sent_at) VALUES ($1, 'email', 'ops@example.com', 'sent', $2)`,
        [id, now() - daysAgo * DAY],
      );
    };
    const history = async (monitor: number) =>
      (
        await t.db.query<{ message: string; alerts: number }>(
          `SELECT c.message, (SELECT count(*)::int FROM monitor_alerts a WHERE a.change_id = c.id) AS alerts
             FROM monitor_changes c WHERE c.monitor_id = $1 ORDER BY c.at, c.id`,
          [monitor],
        )
      ).rows;

    beforeAll(async () => {
      t = await createTestApp(kind, { jobsSuperviseSeconds: 1 });
      await t.deps.jobs.startWorkers();
      admin = await t.as('ADMIN');
      monitors.flappy = await addMonitor('flappy');
      for (const [status, days] of [
        ['up', 900],
        ['down', 500],
        ['up', 499],
        ['down', 60],
        ['up', 59],
        ['down', 2],
      ] as const)
        await change(monitors.flappy, status, days);
      monitors.steady = await addMonitor('steady');
      await change(monitors.steady, 'up', 800);
      monitors.fresh = await addMonitor('fresh');
      await change(monitors.fresh, 'up', 5);
    });
    afterAll(async () => t?.close());

    it('is a listed umms command, scheduled daily', async () => {
      const r = await t.call<{ data: Array<{ command: string; schedule: string | null }> }>({
        method: 'GET',
        url: '/umms/api/v1/artisan',
        headers: admin,
      });
      expect(r.body.data.find((c) => c.command === 'monitors:prune')?.schedule).toBe('25 4 * * *');
    });

    it('deletes old changes with their alerts, keeping the last one before the cut', async () => {
      const run = await runCommand<Run>(t, admin, 'umms', 'monitors:prune', { days: 100 });
      expect(run.status).toBe('completed');
      expect(run.job_output[0]!.output.message).toBe(
        'Deleted 2 status changes older than 100 days, with their alerts',
      );
      // up 499 days ago is the state the 100-day window starts in; the two before it go.
      expect(await history(monitors.flappy)).toEqual([
        { message: 'up 499 days ago', alerts: 1 },
        { message: 'down 60 days ago', alerts: 1 },
        { message: 'up 59 days ago', alerts: 1 },
        { message: 'down 2 days ago', alerts: 1 },
      ]);
      // A monitor up for years keeps the change that says so.
      expect(await history(monitors.steady)).toEqual([{ message: 'up 800 days ago', alerts: 1 }]);
      expect(await history(monitors.fresh)).toHaveLength(1);
      const orphans = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM monitor_alerts a WHERE NOT EXISTS (SELECT 1 FROM monitor_changes c WHERE c.id = a.change_id)',
      );
      expect(orphans.rows[0]!.n).toBe(0);
    });

    it('changes nothing when run again, and refuses a window shorter than the console shows', async () => {
      const again = await runCommand<Run>(t, admin, 'umms', 'monitors:prune', { days: 100 });
      expect(again.job_output[0]!.output.message).toMatch(/^Deleted 0 status changes/);
      expect(await history(monitors.flappy)).toHaveLength(4);
      const short = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: '/umms/api/v1/artisan',
        headers: admin,
        payload: { command: 'monitors:prune', arguments: { days: 30 } },
      });
      expect(short.status).toBe(422);
      expect(short.body.error.fields['arguments.days']).toBe(
        'Keep status changes of the last (days) must be at least 31',
      );
    });
  });
}
