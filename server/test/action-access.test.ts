import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../src/core/resource.js';
import { sql, type SqlFragment } from '../src/core/sql.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Headers = Record<string, string>;
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const CONVERSATIONS = '/mms/api/v1/conversations';
const GRANTS = [
  `GET ${CONVERSATIONS}`,
  `POST ${CONVERSATIONS}`,
  `GET ${CONVERSATIONS}/:uid`,
  `POST ${CONVERSATIONS}/:uid/reply`,
  'POST /umms/api/v1/monitors/:id/check',
  'POST /ums/api/v1/users/:id/unlock',
  'GET /umms/api/v1/artisan',
];

/** A rule that hides from everyone but admins the rows the condition selects. */
const hiding =
  (hidden: SqlFragment): AccessRule =>
  (ctx) =>
    !ctx.user || ctx.user.isAdmin ? 'allow' : { where: sql`NOT (${hidden})` };

for (const kind of DATABASES) {
  describe(`actions follow their resources' access rules (${kind})`, () => {
    let t: TestApp;
    let admin: Headers;
    let watcher: Headers;
    const ids = { shown: 0, hidden: 0, shownMonitor: 0, hiddenMonitor: 0, hiddenUser: 0 };
    const conversations = { shown: '', hidden: '' };
    const ruled: string[] = [];

    /** Gives the resource an access rule until the test ends (the engine reads it on every statement). */
    function rule(resource: string, access: AccessRule): void {
      t.deps.engine.model(resource).access = access;
      ruled.push(resource);
    }

    async function website(hostname: string): Promise<number> {
      const r = await t.db.query<{ id: number }>(
        `INSERT INTO websites (url, hostname, target_market) VALUES ($1, $2, 'UK') RETURNING id`,
        [`https://${hostname}/`, hostname],
      );
      return Number(r.rows[0]!.id);
    }

    async function monitor(url: string): Promise<number> {
      const r = await t.call<{ data: { id: number } }>({
        method: 'POST',
        url: '/umms/api/v1/monitors',
        headers: admin,
        payload: { url, type: 'http' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.id;
    }

    async function startConversation(projectId: number, headers: Headers) {
      return t.call<{ id: string } & ErrorBody>({
        method: 'POST',
        url: CONVERSATIONS,
        headers,
        payload: { project_id: projectId, comments: [{ content: '<p>Hello</p>' }] },
      });
    }

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = await t.as('ADMIN');
      watcher = await t.as('WATCHERS');
      await t.db.query(
        `UPDATE roles SET permissions = ARRAY(SELECT id FROM permissions WHERE method || ' ' || route = ANY($1::text[]))
         WHERE name = 'WATCHERS'`,
        [GRANTS],
      );
      t.deps.principals.clear();
      ids.shown = await website('shown.example');
      ids.hidden = await website('hidden.example');
      for (const key of ['shown', 'hidden'] as const) {
        const r = await startConversation(ids[key], admin);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        conversations[key] = r.body.id;
      }
      ids.shownMonitor = await monitor('https://shown.example/');
      ids.hiddenMonitor = await monitor('https://hidden.example/');
      const u = await t.db.query<{ id: number }>(
        `INSERT INTO users (name, email, roles, target_markets) VALUES ('Hidden', 'hidden@test.local', '{}', '{All}')
         RETURNING id`,
      );
      ids.hiddenUser = Number(u.rows[0]!.id);
    });
    afterEach(() => {
      for (const name of ruled.splice(0)) t.deps.engine.model(name).access = null;
    });
    afterAll(async () => t?.close());

    it('keeps a conversation as hidden as its website, in every comment action', async () => {
      rule('websites', hiding(sql`t.hostname = 'hidden.example'`));
      const of = (projectId: number) =>
        t.call<{ data: Array<{ id: string }> }>({
          method: 'GET',
          url: CONVERSATIONS,
          headers: watcher,
          query: { project_id: String(projectId) },
        });
      expect((await of(ids.shown)).body.data.map((c) => c.id)).toEqual([conversations.shown]);
      expect((await of(ids.hidden)).body.data).toEqual([]);

      const read = await t.call<ErrorBody>({
        method: 'GET',
        url: `${CONVERSATIONS}/${conversations.hidden}`,
        headers: watcher,
      });
      expect(read.status).toBe(404);
      expect(read.body.error.message).toBe(`No conversation ${conversations.hidden}`);
      const shown = await t.call({
        method: 'GET',
        url: `${CONVERSATIONS}/${conversations.shown}`,
        headers: watcher,
      });
      expect(shown.status).toBe(200);

      const reply = await t.call<ErrorBody>({
        method: 'POST',
        url: `${CONVERSATIONS}/${conversations.hidden}/reply`,
        headers: watcher,
        payload: { content: '<p>Psst</p>' },
      });
      expect(reply.status).toBe(404);
      const start = await startConversation(ids.hidden, watcher);
      expect(start.status).toBe(422);
      expect(start.body.error.fields).toEqual({ project_id: `No website with id ${ids.hidden}` });
      const comments = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM comments m JOIN conversations c ON c.id = m.conversation_id
         WHERE c.uid = $1`,
        [conversations.hidden],
      );
      expect(comments.rows[0]!.n).toBe(1);

      // The admin, whom the rule lets see everything, is not narrowed.
      const asAdmin = await t.call({
        method: 'GET',
        url: `${CONVERSATIONS}/${conversations.hidden}`,
        headers: admin,
      });
      expect(asAdmin.status).toBe(200);
    });

    it('checks now only a monitor the user may see, and answers 404 for another', async () => {
      rule('monitors', hiding(sql`t.url LIKE '%hidden.example%'`));
      const check = (id: number) =>
        t.call<{ data: { check_requested_at: number } } & ErrorBody>({
          method: 'POST',
          url: `/umms/api/v1/monitors/${id}/check`,
          headers: watcher,
        });
      const hidden = await check(ids.hiddenMonitor);
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.message).toBe(`Monitors: no record with id ${ids.hiddenMonitor}`);
      const shown = await check(ids.shownMonitor);
      expect(shown.status).toBe(200);
      expect(shown.body.data.check_requested_at).toBeGreaterThan(1_000_000_000);
      const stored = await t.db.query<{ id: number; check_requested_at: number | null }>(
        'SELECT id, check_requested_at FROM monitors WHERE id = ANY($1::bigint[]) ORDER BY id',
        [[ids.shownMonitor, ids.hiddenMonitor]],
      );
      expect(stored.rows.map((r) => [Number(r.id), r.check_requested_at === null])).toEqual([
        [ids.shownMonitor, false],
        [ids.hiddenMonitor, true],
      ]);
    });

    it('unlocks only an account the user may see', async () => {
      rule('users', hiding(sql`t.email = 'hidden@test.local'`));
      const r = await t.call<ErrorBody>({
        method: 'POST',
        url: `/ums/api/v1/users/${ids.hiddenUser}/unlock`,
        headers: watcher,
      });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(`Users: no record with id ${ids.hiddenUser}`);
    });

    it("shows a command's last run only when the runs' rule lets the user see it", async () => {
      // A newer run of the same name in another service's scope must not be taken for it.
      await t.db.query(
        `INSERT INTO cron_runs (service, command, status, start_time) VALUES
           ('umms', 'monitors:prune', 'completed', epoch_now() - 60), ('dms', 'monitors:prune', 'failed', epoch_now())`,
      );
      const lastRun = async () => {
        const r = await t.call<{ data: Array<{ command: string; last_run: { status: string } | null }> }>({
          method: 'GET',
          url: '/umms/api/v1/artisan',
          headers: watcher,
        });
        expect(r.status).toBe(200);
        return r.body.data.find((c) => c.command === 'monitors:prune')?.last_run ?? null;
      };
      expect(await lastRun()).toMatchObject({ status: 'completed' });
      rule('umms-cron-jobs', () => 'deny');
      expect(await lastRun()).toBeNull();
    });
  });
}
