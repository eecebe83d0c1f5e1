import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/services/ums/passwords.js';
import { executableParts, XSS_PAYLOADS } from './fixtures/xss-payloads.js';
import { ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';

type Headers = Record<string, string>;

interface Comment {
  uid: string;
  author: number | null;
  authorName: string;
  createdAt: number;
  modifiedAt: number | null;
  content: string;
}
interface Conversation {
  id: string;
  project_id: number;
  comments: Comment[];
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Created {
  id: string;
  data: { id: string; comment_uid: string };
}

const BASE = '/mms/api/v1/conversations';
const OBJECT_ID = /^[0-9a-f]{24}$/;
const ROUTES = [
  `GET ${BASE}`,
  `POST ${BASE}`,
  `GET ${BASE}/:uid`,
  `POST ${BASE}/:uid/reply`,
  `PUT ${BASE}/:uid/reply/:commentUid`,
];

const now = () => Math.floor(Date.now() / 1000);

for (const kind of DATABASES) {
  describe(`conversations (${kind})`, () => {
    let t: TestApp;
    let admin: Headers;
    let alice: { id: number; headers: Headers };
    let bob: { id: number; headers: Headers };
    let site: number;
    let quietSite: number;
    let conversation: string;
    let firstComment: string;

    /** A new signed-in user holding one role (t.as keeps one user per role; these tests need two). */
    async function signIn(
      name: string,
      role: string,
      hash: string,
    ): Promise<{ id: number; headers: Headers }> {
      await t.db.query(
        `INSERT INTO roles (name, permissions) VALUES ($1, '{}') ON CONFLICT ((lower(name))) DO NOTHING`,
        [role],
      );
      const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@test.local`;
      const u = await t.db.query<{ id: number }>(
        `INSERT INTO users (name, last_name, email, roles, target_markets, password_hash)
         VALUES ($1, 'Tester', $2, ARRAY(SELECT id FROM roles WHERE name = $3), '{All}', $4) RETURNING id`,
        [name, email, role, hash],
      );
      const res = await t.call<{ access_token: string }>({
        method: 'POST',
        url: '/ums/auth/login',
        payload: { email, password: ADMIN_PASSWORD },
      });
      expect(res.status).toBe(200);
      return {
        id: Number(u.rows[0]!.id),
        headers: { authorization: `Bearer ${res.body.access_token}`, authtype: 'password' },
      };
    }

    async function website(hostname: string): Promise<number> {
      const r = await t.db.query<{ id: number }>(
        `INSERT INTO websites (url, hostname, target_market) VALUES ($1, $2, 'UK') RETURNING id`,
        [`https://${hostname}/`, hostname],
      );
      return Number(r.rows[0]!.id);
    }

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = await t.as('ADMIN');
      const hash = await hashPassword(ADMIN_PASSWORD);
      alice = await signIn('Alice', 'COMMENTERS', hash);
      bob = await signIn('Bob', 'COMMENTERS', hash);
      await t.db.query(
        `UPDATE roles SET permissions = ARRAY(SELECT id FROM permissions WHERE method || ' ' || route = ANY($1::text[]))
         WHERE name = 'COMMENTERS'`,
        [ROUTES],
      );
      const granted = await t.db.query<{ n: number }>(
        `SELECT cardinality(permissions) AS n FROM roles WHERE name = 'COMMENTERS'`,
      );
      expect(Number(granted.rows[0]!.n)).toBe(ROUTES.length);
      t.deps.principals.clear();
      site = await website('commented.example');
      quietSite = await website('quiet.example');
    });
    afterAll(async () => t?.close());

    const start = (
      projectId: number | string,
      content: string,
      headers: Headers,
      extra: Record<string, unknown> = {},
    ) =>
      t.call<Created & ErrorBody>({
        method: 'POST',
        url: BASE,
        headers,
        payload: {
          project_id: projectId,
          comments: [{ author: 1, authorName: 'Nobody', createdAt: 1, content, ...extra }],
        },
      });
    const reply = (uid: string, content: string, headers: Headers, extra: Record<string, unknown> = {}) =>
      t.call<{ comment_uid: string; data: { comment_uid: string } } & ErrorBody>({
        method: 'POST',
        url: `${BASE}/${uid}/reply`,
        headers,
        payload: { createdAt: 1, content, ...extra },
      });
    const edit = (uid: string, commentUid: string, content: string, headers: Headers) =>
      t.call<{ data: Comment } & ErrorBody>({
        method: 'PUT',
        url: `${BASE}/${uid}/reply/${commentUid}`,
        headers,
        payload: { modifiedAt: 1, content },
      });
    const get = async (uid: string) => {
      const r = await t.call<{ data: Conversation }>({
        method: 'GET',
        url: `${BASE}/${uid}`,
        headers: alice.headers,
      });
      expect(r.status).toBe(200);
      return r.body.data;
    };

    it("starts the website's conversation with the first comment", async () => {
      const before = now();
      const r = await start(site, '<p>First <strong>look</strong></p>', alice.headers);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.id).toMatch(OBJECT_ID);
      expect(r.body.data.id).toBe(r.body.id);
      expect(r.body.data.comment_uid).toMatch(OBJECT_ID);
      // An object id starts with its creation time in seconds.
      const stamp = parseInt(r.body.id.slice(0, 8), 16);
      expect(stamp).toBeGreaterThanOrEqual(before - 1);
      expect(stamp).toBeLessThanOrEqual(now() + 1);
      conversation = r.body.id;
      firstComment = r.body.data.comment_uid;
    });

    it('finds the conversation by project_id', async () => {
      const r = await t.call<{ data: Conversation[] }>({
        method: 'GET',
        url: BASE,
        headers: bob.headers,
        query: { project_id: String(site) },
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(1);
      const c = r.body.data[0]!;
      expect(c).toMatchObject({ id: conversation, project_id: site });
      expect(c.comments).toHaveLength(1);
      expect(c.comments[0]).toMatchObject({
        uid: firstComment,
        author: alice.id,
        authorName: 'Alice Tester', // from the signed-in user, not the body's 'Nobody'
        content: '<p>First <strong>look</strong></p>',
        modifiedAt: null,
      });
      expect(c.comments[0]!.createdAt).toBeGreaterThan(1_000_000_000);
      const none = await t.call<{ data: Conversation[] }>({
        method: 'GET',
        url: BASE,
        headers: bob.headers,
        query: { project_id: String(quietSite) },
      });
      expect(none.body.data).toEqual([]);
      for (const query of [{}, { project_id: 'abc' }, { project_id: '0' }] as Array<Record<string, string>>) {
        expect((await t.call({ method: 'GET', url: BASE, headers: bob.headers, query })).status).toBe(400);
      }
      expect((await get(conversation)).comments.map((m) => m.uid)).toEqual([firstComment]);
    });

    it('adds replies by the signed-in user, oldest first', async () => {
      const r = await reply(conversation, '<p>Agreed</p>', bob.headers);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.comment_uid).toMatch(OBJECT_ID);
      expect(r.body.data.comment_uid).toBe(r.body.comment_uid);
      const c = await get(conversation);
      expect(c.comments.map((m) => m.uid)).toEqual([firstComment, r.body.comment_uid]);
      expect(c.comments[1]).toMatchObject({
        author: bob.id,
        authorName: 'Bob Tester',
        content: '<p>Agreed</p>',
      });
      expect(c.comments[1]!.createdAt).toBeGreaterThan(1_000_000_000); // the body's createdAt: 1 is ignored
      // A reply cannot claim another author: the field is refused outright.
      const spoof = await reply(conversation, '<p>I am Alice</p>', bob.headers, {
        author: alice.id,
        authorName: 'Alice Tester',
      });
      expect(spoof.status).toBe(422);
      expect((await get(conversation)).comments).toHaveLength(2);
    });

    it('lets the author edit a comment, setting modifiedAt and the content', async () => {
      const before = now();
      const r = await edit(conversation, firstComment, '<p>First look, <em>revised</em></p>', alice.headers);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({
        uid: firstComment,
        author: alice.id,
        content: '<p>First look, <em>revised</em></p>',
      });
      expect(r.body.data.modifiedAt).toBeGreaterThanOrEqual(before - 1); // not the body's modifiedAt: 1
      const stored = (await get(conversation)).comments[0]!;
      expect(stored.content).toBe('<p>First look, <em>revised</em></p>');
      expect(stored.modifiedAt).toBe(r.body.data.modifiedAt);
      expect(stored.createdAt).toBeLessThanOrEqual(stored.modifiedAt!);
      const blank = await edit(conversation, firstComment, '<p> </p>', alice.headers);
      expect(blank.status).toBe(422);
      expect(blank.body.error.fields?.content).toBe('Write a comment');
    });

    it("refuses to edit someone else's comment, even for an admin", async () => {
      for (const headers of [bob.headers, admin]) {
        const r = await edit(conversation, firstComment, '<p>hijacked</p>', headers);
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('forbidden');
      }
      expect((await get(conversation)).comments[0]!.content).toBe('<p>First look, <em>revised</em></p>');
    });

    it('answers 404 for unknown conversations and comments', async () => {
      const unknown = 'ffffffffffffffffffffffff';
      expect(
        (await t.call({ method: 'GET', url: `${BASE}/${unknown}`, headers: alice.headers })).status,
      ).toBe(404);
      expect((await reply(unknown, '<p>x</p>', alice.headers)).status).toBe(404);
      expect((await edit(unknown, firstComment, '<p>x</p>', alice.headers)).status).toBe(404);
      expect((await edit(conversation, unknown, '<p>x</p>', alice.headers)).status).toBe(404);
      // A comment reached through another conversation is not found either.
      const other = await start(quietSite, '<p>elsewhere</p>', alice.headers);
      expect(other.status).toBe(201);
      expect((await edit(other.body.id, firstComment, '<p>x</p>', alice.headers)).status).toBe(404);
      for (const bad of ['nothex', '0123', 'FFFFFFFFFFFFFFFFFFFFFFFF', `${unknown}0`]) {
        expect(
          (await t.call({ method: 'GET', url: `${BASE}/${bad}`, headers: alice.headers })).status,
          bad,
        ).toBe(400);
      }
    });

    it('sanitises comment content on start, reply and edit', async () => {
      const xssSite = await website('xss-comments.example');
      const s = await start(
        xssSite,
        '<p onclick="alert(1)">hi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        alice.headers,
      );
      expect(s.status).toBe(201);
      const r = await reply(s.body.id, '<p>Reply</p><script>alert(1)</script>', bob.headers);
      expect(r.status).toBe(201);
      let c = await get(s.body.id);
      expect(c.comments.map((m) => m.content)).toEqual(['<p>hi</p>', '<p>Reply</p>']);
      const e = await edit(
        s.body.id,
        r.body.comment_uid,
        '<a href="javascript:alert(1)">x</a><p>ok</p>',
        bob.headers,
      );
      expect(e.body.data.content).toBe('<a>x</a><p>ok</p>');
      for (const content of ['<script>alert(1)</script>', '<p> </p>', '']) {
        const refused = await reply(s.body.id, content, bob.headers);
        expect(refused.status, content).toBe(422);
        expect(refused.body.error.fields?.content, content).toBe('Write a comment');
      }
      // The whole corpus through replies: nothing executable comes back. A NUL is refused before any
      // sanitising, like everywhere else in the API.
      const withNul = XSS_PAYLOADS.filter((p) => p.includes('\u0000'));
      expect(withNul.length).toBeGreaterThan(0);
      for (const [i, payload] of XSS_PAYLOADS.entries()) {
        const x = await reply(s.body.id, `<p>c${i}</p>${payload}`, alice.headers);
        expect(x.status, JSON.stringify(payload)).toBe(withNul.includes(payload) ? 422 : 201);
      }
      c = await get(s.body.id);
      expect(c.comments).toHaveLength(XSS_PAYLOADS.length - withNul.length + 2);
      for (const m of c.comments) expect(executableParts(m.content), m.content).toEqual([]);
    });

    it('joins an existing conversation on a second start for the same project', async () => {
      const before = (await get(conversation)).comments.length;
      const r = await start(site, '<p>Another thread?</p>', bob.headers);
      expect(r.status).toBe(201);
      expect(r.body.id).toBe(conversation);
      const c = await get(conversation);
      expect(c.comments).toHaveLength(before + 1);
      expect(c.comments.at(-1)).toMatchObject({
        uid: r.body.data.comment_uid,
        author: bob.id,
        content: '<p>Another thread?</p>',
      });
      const count = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM conversations WHERE project_id = $1',
        [site],
      );
      expect(count.rows[0]!.n).toBe(1);
      // Two first comments at once on a fresh project still make one conversation.
      const fresh = await website('race.example');
      const [a, b] = await Promise.all([
        start(fresh, '<p>a</p>', alice.headers),
        start(fresh, '<p>b</p>', bob.headers),
      ]);
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(a.body.id).toBe(b.body.id);
      expect((await get(a.body.id)).comments).toHaveLength(2);
    });

    it('validates the start body', async () => {
      const bad = [
        { project_id: 99_999_999, comments: [{ content: '<p>x</p>' }] },
        { project_id: 'abc', comments: [{ content: '<p>x</p>' }] },
        { project_id: 0, comments: [{ content: '<p>x</p>' }] },
        { project_id: 1e20, comments: [{ content: '<p>x</p>' }] },
        { project_id: 2 ** 63, comments: [{ content: '<p>x</p>' }] },
        { project_id: 1.5, comments: [{ content: '<p>x</p>' }] },
        { project_id: site, comments: [] },
        { project_id: site, comments: [{ content: '<p>x</p>' }, { content: '<p>y</p>' }] },
        { project_id: site, comments: [{ author: alice.id }] },
        { project_id: site, comments: [{ content: 'x'.repeat(20_001) }] },
        { project_id: site, comments: [{ content: '<p>x</p>' }], id: 'ffffffffffffffffffffffff' },
        { project_id: site, comments: [{ content: '<p>x</p>', uid: 'ffffffffffffffffffffffff' }] },
        { project_id: site, comments: [{ content: '<p>x</p>', modifiedAt: 1 }] },
      ];
      for (const payload of bad) {
        const r = await t.call<ErrorBody>({ method: 'POST', url: BASE, headers: alice.headers, payload });
        expect(r.status, JSON.stringify(payload).slice(0, 80)).toBe(422);
      }
      const missing = await t.call<ErrorBody>({
        method: 'POST',
        url: BASE,
        headers: alice.headers,
        payload: { project_id: 99_999_999, comments: [{ content: '<p>x</p>' }] },
      });
      expect(missing.body.error.fields?.project_id).toBe('No website with id 99999999');
      const asString = await start(String(site), '<p>string id</p>', alice.headers);
      expect(asString.status).toBe(201);
      expect(asString.body.id).toBe(conversation);
    });

    it('has no way to delete a conversation or a comment', async () => {
      const lastComment = (await get(conversation)).comments.at(-1)!.uid;
      for (const url of [
        `${BASE}/${conversation}`,
        `${BASE}/${conversation}/reply/${lastComment}`,
        `${BASE}?ids=1`,
      ]) {
        const r = await t.call({ method: 'DELETE', url, headers: admin });
        expect([404, 405], url).toContain(r.status);
      }
      const patch = await t.call({
        method: 'PATCH',
        url: `${BASE}/${conversation}/reply/${lastComment}`,
        headers: admin,
        payload: { content: '' },
      });
      expect([404, 405]).toContain(patch.status);
      expect((await get(conversation)).comments.some((m) => m.uid === lastComment)).toBe(true);
    });

    it('needs a signed-in user with the permissions', async () => {
      const outsider = await t.as('NO_COMMENTS');
      const denied = [
        { method: 'GET' as const, url: `${BASE}?project_id=${site}` },
        { method: 'GET' as const, url: `${BASE}/${conversation}` },
        {
          method: 'POST' as const,
          url: BASE,
          payload: { project_id: site, comments: [{ content: '<p>x</p>' }] },
        },
        { method: 'POST' as const, url: `${BASE}/${conversation}/reply`, payload: { content: '<p>x</p>' } },
        {
          method: 'PUT' as const,
          url: `${BASE}/${conversation}/reply/${firstComment}`,
          payload: { content: '<p>x</p>' },
        },
      ];
      for (const req of denied) {
        expect((await t.call({ ...req, headers: outsider })).status, `${req.method} ${req.url}`).toBe(403);
        expect((await t.call(req)).status, `${req.method} ${req.url}`).toBe(401);
      }
    });
  });
}
