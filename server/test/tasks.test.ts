import {
  isArchivable,
  isTransitionAllowed,
  TASK_STATUSES,
  type TaskHistoryEntry,
  type TaskMoved,
  type TaskStatus,
  unavailableTaskTypeMessage,
} from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Body = Record<string, unknown>;
type Headers = Record<string, string>;
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const TASKS = '/dms/api/v1/tasks';

/**
 * Tasks (issue 20, SPEC §3 Task status and type, docs/tasks.md): Create post tasks about posts of their own
 * website, a status that only the transition and archive actions move, refused moves answered with the
 * statuses allowed next, stale moves refused, and a history row for every move.
 */
describe.each(DATABASES)('tasks on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let it_: Headers;
  let siteA: number;
  let siteB: number;
  let postsA: number[];
  let postsB: number[];

  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: Body) =>
    t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });

  const website = async (url: string) =>
    Number(
      (
        await call<{ data: Body }>('POST', '/dms/api/v1/websites', admin, {
          url,
          target_market: 'UK',
          type: 'MONEY',
        })
      ).body.data.id,
    );

  /** Posts as the WordPress sync stores them (the posts resource is read-only). */
  const posts = async (websiteId: number, titles: string[]) => {
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO posts (website_id, wp_id, title, type, status)
       SELECT $1, 100 + n, x, 'post', 'publish' FROM unnest($2::text[]) WITH ORDINALITY AS u(x, n) RETURNING id`,
      [websiteId, titles],
    );
    return r.rows.map((row) => Number(row.id));
  };

  const create = (payload: Body, headers = admin) =>
    call<{ data: Body } & ErrorBody>('POST', TASKS, headers, payload);

  const newTask = async (extra: Body = {}) => {
    const res = await create({
      title: 'Refresh the bonus guide',
      type: 'CREATE_POST',
      website_id: siteA,
      post_ids: [postsA[0]],
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  const move = (id: unknown, from: TaskStatus, to: TaskStatus, headers = admin, comment?: string) =>
    call<{ data: TaskMoved } & ErrorBody>('POST', `${TASKS}/${String(id)}/transition`, headers, {
      from,
      to,
      ...(comment ? { comment } : {}),
    });

  const archive = (id: unknown, from: TaskStatus, headers = admin) =>
    call<{ data: TaskMoved } & ErrorBody>('POST', `${TASKS}/${String(id)}/archive`, headers, { from });

  const get = async (id: unknown) =>
    (await call<{ data: Body }>('GET', `${TASKS}/${String(id)}`, admin)).body.data;

  const history = async (id: unknown) =>
    (await call<{ data: TaskHistoryEntry[] }>('GET', `${TASKS}/${String(id)}/history`, admin)).body.data;

  /** A task walked to `status` along the workflow, from Draft. */
  const taskIn = async (status: TaskStatus) => {
    const path: Record<TaskStatus, TaskStatus[]> = {
      DRAFT: [],
      NOT_PLUCKED: ['NOT_PLUCKED'],
      IN_PROGRESS: ['IN_PROGRESS'],
      COMPLETED: ['IN_PROGRESS', 'COMPLETED'],
      REJECTED: ['IN_PROGRESS', 'COMPLETED', 'REJECTED'],
      APPROVED: ['IN_PROGRESS', 'COMPLETED', 'APPROVED'],
      ARCHIVED: ['IN_PROGRESS', 'COMPLETED', 'APPROVED', 'ARCHIVED'],
    };
    const task = await newTask();
    let from: TaskStatus = 'DRAFT';
    for (const to of path[status]) {
      expect((await move(task.id, from, to)).status).toBe(200);
      from = to;
    }
    return task.id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    it_ = await t.as('IT');
    siteA = await website('https://casino-guide.example');
    siteB = await website('https://odds-blog.example');
    postsA = await posts(siteA, ['Bonus guide', 'Wagering explained', 'Best slots']);
    postsB = await posts(siteB, ['Odds explained']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a Create post task in Draft, by its creator, with its first history row', async () => {
    const task = await newTask({ post_ids: postsA.slice(0, 2), due_date: 1_900_000_000 });
    expect(task).toMatchObject({
      type: 'CREATE_POST',
      status: 'DRAFT',
      post_ids: postsA.slice(0, 2),
      website_id: siteA,
      website_hostname: 'casino-guide.example',
      assignee_id: null,
      due_date: 1_900_000_000,
    });
    expect(task.created_by).toEqual(expect.any(Number));
    const [created] = await history(task.id);
    expect(created).toMatchObject({ from_status: null, to_status: 'DRAFT', user_id: task.created_by });
  });

  it('refuses the disabled types, a Create post task without posts, and posts of another website', async () => {
    const base = { title: 'Tag the footer links', website_id: siteA, post_ids: [postsA[0]] };
    for (const type of ['TAG_LINKS', 'UPDATE_LINKS', 'QUALITY_CHECK'] as const) {
      const res = await create({ ...base, type });
      expect(res.status).toBe(422);
      expect(res.body.error.fields?.type).toBe(unavailableTaskTypeMessage(type));
      expect(res.body.error.fields?.type).toMatch(/^.+ tasks are not available yet/);
    }
    expect((await create({ ...base, type: 'WRITE_POEM' })).body.error.fields?.type).toBe(
      'Must be one of: TAG_LINKS, UPDATE_LINKS, CREATE_POST, QUALITY_CHECK',
    );
    const none = await create({ ...base, type: 'CREATE_POST', post_ids: [] });
    expect(none.status).toBe(422);
    expect(none.body.error.fields?.post_ids).toBe('Choose the posts of the website this task is about');
    const missing = await create({ ...base, type: 'CREATE_POST', post_ids: undefined });
    expect(missing.body.error.fields?.post_ids).toBe('Choose the posts of the website this task is about');
    const foreign = await create({ ...base, type: 'CREATE_POST', post_ids: [postsA[1], postsB[0]] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.fields?.post_ids).toBe(`Not posts of this website: ${postsB[0]}`);
    for (const bad of [[0], [-3], ['7'], [1.5]]) {
      const res = await create({ ...base, type: 'CREATE_POST', post_ids: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.error.fields?.post_ids).toBeTruthy();
    }
    const count = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tasks WHERE title = 'Tag the footer links'",
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  it('keeps the status out of PUT, and checks posts against a changed website', async () => {
    const task = await newTask();
    const put = await call<{ data: Body } & ErrorBody>('PUT', `${TASKS}/${String(task.id)}`, admin, {
      ...task,
      status: 'APPROVED',
      title: 'Refresh the bonus guide (2026)',
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ status: 'DRAFT', title: 'Refresh the bonus guide (2026)' });
    const retyped = await call<ErrorBody>('PUT', `${TASKS}/${String(task.id)}`, admin, {
      type: 'QUALITY_CHECK',
      version: put.body.data.version,
    });
    expect(retyped.status).toBe(422);
    expect(retyped.body.error.fields?.type).toBe(unavailableTaskTypeMessage('QUALITY_CHECK'));
    const moved = await call<ErrorBody>('PUT', `${TASKS}/${String(task.id)}`, admin, {
      website_id: siteB,
      version: put.body.data.version,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error.fields?.post_ids).toBe(`Not posts of this website: ${postsA[0]}`);
    const both = await call<{ data: Body }>('PUT', `${TASKS}/${String(task.id)}`, admin, {
      website_id: siteB,
      post_ids: postsB,
      version: put.body.data.version,
    });
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ website_id: siteB, post_ids: postsB, status: 'DRAFT' });
  });

  it('moves a task along every transition the workflow allows, one history row each', async () => {
    const allowed = TASK_STATUSES.flatMap((from) =>
      TASK_STATUSES.filter((to) => isTransitionAllowed(from, to)).map((to) => [from, to] as const),
    );
    expect(allowed.length).toBe(11);
    for (const [from, to] of allowed) {
      const id = await taskIn(from);
      const before = await get(id);
      const res = await move(id, from, to, admin, `${from} to ${to}`);
      expect(res.status, `${from} → ${to}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data).toMatchObject({ id, status: to, version: Number(before.version) + 1 });
      const after = await get(id);
      expect(after).toMatchObject({ status: to, status_changed_at: res.body.data.status_changed_at });
      const [last] = await history(id);
      expect(last).toMatchObject({
        from_status: from,
        to_status: to,
        comment: `${from} to ${to}`,
        user_name: 'ADMIN',
      });
    }
  });

  it('refuses a move the workflow does not allow with 422 naming the allowed statuses, changing nothing', async () => {
    const id = await taskIn('COMPLETED');
    const before = await get(id);
    const rows = (await history(id)).length;
    const res = await move(id, 'COMPLETED', 'ARCHIVED');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      'A task that is Completed cannot move to Archived: it can move to Approved or Rejected. Archiving it at this stage needs the permission to archive any task',
    );
    expect(res.body.error.fields?.to).toBe(res.body.error.message);
    const back = await move(id, 'COMPLETED', 'DRAFT');
    expect(back.status).toBe(422);
    expect(back.body.error.message).toMatch(/it can move to Approved or Rejected$/);
    expect(await get(id)).toEqual(before);
    expect((await history(id)).length).toBe(rows);

    const done = await taskIn('ARCHIVED');
    const final = await move(done, 'ARCHIVED', 'IN_PROGRESS');
    expect(final.status).toBe(422);
    expect(final.body.error.message).toMatch(/an archived task is final/);
    expect((await archive(done, 'ARCHIVED')).status).toBe(422);
  });

  it('refuses a stale move (409): two people moving the same task apply it once', async () => {
    const id = await taskIn('COMPLETED');
    const [first, second] = await Promise.all([
      move(id, 'COMPLETED', 'APPROVED'),
      move(id, 'COMPLETED', 'REJECTED', it_),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.error.message).toMatch(/^This task is (Approved|Rejected) now, not Completed/);
    const winner = first.status === 200 ? 'APPROVED' : 'REJECTED';
    expect((await get(id)).status).toBe(winner);
    const moves = (await history(id)).filter((h) => h.from_status === 'COMPLETED');
    expect(moves.map((h) => h.to_status)).toEqual([winner]);
    // The same click sent again is stale too: the task is no longer Completed.
    expect((await move(id, 'COMPLETED', winner)).status).toBe(409);
  });

  it('makes whoever picks up a task nobody has its assignee, and keeps an assignee already set', async () => {
    const open = await taskIn('NOT_PLUCKED');
    const res = await move(open, 'NOT_PLUCKED', 'IN_PROGRESS', it_);
    expect(res.status).toBe(200);
    const itUser = (await history(open))[0]!.user_id;
    expect(res.body.data.assignee_id).toBe(itUser);
    expect((await get(open)).assignee_name).toBe('IT');

    const adminId = Number((await get(await taskIn('DRAFT'))).created_by);
    const meant = await newTask({ assignee_id: adminId });
    expect((await move(meant.id, 'DRAFT', 'IN_PROGRESS', it_)).body.data.assignee_id).toBe(adminId);
  });

  it('lets only the archive permission archive a task at any stage; IT holds the workflow but not that', async () => {
    const id = await taskIn('IN_PROGRESS');
    const denied = await archive(id, 'IN_PROGRESS', it_);
    expect(denied.status).toBe(403);
    expect((await move(id, 'IN_PROGRESS', 'ARCHIVED', it_)).status).toBe(422);
    expect((await get(id)).status).toBe('IN_PROGRESS');
    const done = await archive(id, 'IN_PROGRESS');
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('ARCHIVED');
    expect((await history(id))[0]).toMatchObject({ from_status: 'IN_PROGRESS', to_status: 'ARCHIVED' });
    for (const s of TASK_STATUSES) expect(isArchivable(s)).toBe(s !== 'ARCHIVED');
  });

  it('refuses every move and the history to roles without their permission', async () => {
    const id = await taskIn('DRAFT');
    const viewer = await t.as('VIEWER');
    const noperm = await t.as('NOPERM');
    expect((await move(id, 'DRAFT', 'IN_PROGRESS', viewer)).status).toBe(403);
    expect((await archive(id, 'DRAFT', viewer)).status).toBe(403);
    expect((await call('GET', `${TASKS}/${String(id)}/history`, viewer)).status).toBe(200);
    expect((await move(id, 'DRAFT', 'IN_PROGRESS', noperm)).status).toBe(403);
    expect((await call('GET', `${TASKS}/${String(id)}/history`, noperm)).status).toBe(403);
    expect((await move(id, 'DRAFT', 'IN_PROGRESS', {})).status).toBe(401);
    expect((await move(999_999, 'DRAFT', 'IN_PROGRESS')).status).toBe(404);
    expect((await get(id)).status).toBe('DRAFT');
    expect((await history(id)).length).toBe(1);
  });

  it('filters by status, type, assignee, website, due date and overdue', async () => {
    const now = Math.floor(Date.now() / 1000);
    const late = await newTask({ title: 'Late one', due_date: now - 86_400 });
    const lateDone = await newTask({ title: 'Late but delivered', due_date: now - 86_400 });
    await move(lateDone.id, 'DRAFT', 'IN_PROGRESS');
    await move(lateDone.id, 'IN_PROGRESS', 'COMPLETED');
    const list = async (filter: Body) =>
      (
        await call<{ data: Body[] }>(
          'GET',
          `${TASKS}?perPage=500&filter=${encodeURIComponent(JSON.stringify(filter))}`,
          admin,
        )
      ).body.data.map((r) => r.id);
    const overdue = await list({ overdue: true });
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(lateDone.id);
    expect(await list({ overdue: false })).toContain(lateDone.id);
    expect(await list({ status: 'COMPLETED' })).toContain(lateDone.id);
    expect(await list({ status: { where_in: ['DRAFT', 'NOT_PLUCKED'] } })).toContain(late.id);
    expect(await list({ type: 'CREATE_POST', website_id: siteA })).toContain(late.id);
    expect(await list({ website_id: siteB })).not.toContain(late.id);
    expect(await list({ due_date: { max: now } })).toEqual(expect.arrayContaining([late.id, lateDone.id]));
    const assigned = (await get(lateDone.id)).assignee_id;
    expect(await list({ assignee_id: assigned })).toContain(lateDone.id);
    expect(await list({ assignee_id: assigned })).not.toContain(late.id);
  });
});

describe.each(DATABASES)('task demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has about 30 tasks in every status, each history following the allowed transitions', async () => {
    const tasks = await t.db.query<{ id: number; status: TaskStatus; post_ids: number[] }>(
      'SELECT id, status, post_ids FROM tasks ORDER BY id',
    );
    expect(tasks.rows.length).toBeGreaterThanOrEqual(28);
    expect(new Set(tasks.rows.map((r) => r.status))).toEqual(new Set(TASK_STATUSES));
    const rows = await t.db.query<{
      task_id: number;
      from_status: TaskStatus | null;
      to_status: TaskStatus;
      user_id: number | null;
      admin: boolean;
    }>(
      `SELECT h.task_id, h.from_status, h.to_status, h.user_id,
              EXISTS (SELECT 1 FROM users u JOIN roles r ON r.id = ANY(u.roles)
                      WHERE u.id = h.user_id AND r.name = 'ADMIN') AS admin
         FROM task_history h ORDER BY h.task_id, h.created_at, h.id`,
    );
    for (const task of tasks.rows) {
      const steps = rows.rows.filter((h) => Number(h.task_id) === Number(task.id));
      expect(steps[0]).toMatchObject({ from_status: null, to_status: 'DRAFT' });
      steps.slice(1).forEach((h, i) => {
        expect(h.from_status).toBe(steps[i]!.to_status);
        const byWorkflow = isTransitionAllowed(h.from_status!, h.to_status);
        const byArchive = h.to_status === 'ARCHIVED' && h.admin;
        expect(byWorkflow || byArchive, `task ${task.id}: ${h.from_status} → ${h.to_status}`).toBe(true);
      });
      expect(steps.at(-1)!.to_status).toBe(task.status);
      expect(steps.every((h) => h.user_id !== null)).toBe(true);
    }
    // Every task's posts are posts of its own website.
    const foreign = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks t, unnest(t.post_ids) p
        WHERE NOT EXISTS (SELECT 1 FROM posts x WHERE x.id = p AND x.website_id = t.website_id)`,
    );
    expect(foreign.rows[0]!.n).toBe(0);
  });
});
