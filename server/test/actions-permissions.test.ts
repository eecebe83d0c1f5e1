import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationsDir, splitStatements } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

interface Perm {
  method: string;
  route: string;
  kind: string;
}

/** A concrete URL for a route pattern: every parameter filled with a plausible id. */
const urlOf = (route: string) => route.replace(/:[A-Za-z]+/g, '1');

/** Routes the read-only role is deliberately not given although they read: commands and the audit log. */
const ADMIN_READS = /\/artisan$|^\/ums\/api\/v1\/audit-log/;

describe.each(DATABASES)('actions are not reads on %s', (kind) => {
  let t: TestApp;
  let perms: Perm[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    perms = (await t.db.query<Perm>('SELECT method, route, kind FROM permissions ORDER BY route, method'))
      .rows;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every route that starts work its own permission of kind action', () => {
    const actions = perms.filter((p) => p.kind === 'action').map((p) => `${p.method} ${p.route}`);
    // Running a command is an action on every service that lists commands.
    const runs = perms
      .filter((p) => p.method === 'GET' && p.route.endsWith('/artisan'))
      .map((p) => `POST ${p.route}`);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(actions.sort()).toEqual(
      [
        'GET /dms/api/v1/domains/:id/refresh',
        'POST /dms/api/v1/backlinks/deindex-checker',
        'POST /dms/api/v1/backlinks/keyword-checker',
        'POST /dms/api/v1/websites/:id/scan',
        'POST /umms/api/v1/monitors/:id/check',
        'GET /dms/api/v1/wordpress/:id/:action',
        'GET /dms/api/v1/wordpress/:id/update-the-generator',
        'POST /dms/api/v1/wordpress/:id/insert-media',
        'POST /dms/api/v1/wordpress/:id/connect',
        'POST /dms/api/v1/wordpress/:id/admin-login',
        'POST /dms/api/v1/wordpress/sync',
        'POST /dms/api/v1/plugins/:id/bulk',
        'POST /dms/api/v1/servers/:id/services',
        'POST /dms/api/v1/websites/:id/conversion-postback',
        'POST /dms/api/v1/websites/:id/conversions/import',
        'GET /dms/api/v1/websites/convert-to-static/:id',
        'GET /dms/api/v1/websites/publish-static/:id',
        'GET /dms/api/v1/websites/rollback-static/:id',
        'GET /dms/api/v1/open-ai-content/regenerate/:id',
        'POST /dms/api/v1/open-ai-content/:id/publish',
        ...runs,
      ].sort(),
    );
    expect(perms.filter((p) => p.kind === 'read').every((p) => p.method === 'GET')).toBe(true);
  });

  it('lets the read-only role call no action route (403) and every read route', async () => {
    const viewer = await t.as('VIEWER');
    const actions = perms.filter((p) => p.kind === 'action');
    expect(actions.length).toBeGreaterThan(5);
    for (const p of actions) {
      const res = await t.call<{ error: { code: string } }>({
        method: p.method as 'GET' | 'POST',
        url: urlOf(p.route),
        headers: viewer,
        payload: p.method === 'GET' ? undefined : {},
      });
      expect({ route: `${p.method} ${p.route}`, status: res.status }).toEqual({
        route: `${p.method} ${p.route}`,
        status: 403,
      });
    }
    const reads = perms.filter((p) => p.kind === 'read');
    expect(reads.length).toBeGreaterThan(40);
    for (const p of reads) {
      const res = await t.call({ method: 'GET', url: urlOf(p.route), headers: viewer });
      const expected = ADMIN_READS.test(p.route) ? 403 : 'allowed';
      expect({
        route: p.route,
        status: res.status === 403 || res.status === 401 ? res.status : 'allowed',
      }).toEqual({ route: p.route, status: expected });
    }
  });

  it('gives the IT role every action but no reveal, and the read-only role reads only', async () => {
    const held = async (role: string) =>
      (
        await t.db.query<{ kind: string; n: number }>(
          `SELECT p.kind, count(*)::int AS n FROM roles r JOIN permissions p ON p.id = ANY(r.permissions)
           WHERE r.name = $1 GROUP BY p.kind ORDER BY p.kind`,
          [role],
        )
      ).rows;
    const itKinds = Object.fromEntries((await held('IT')).map((r) => [r.kind, r.n]));
    const itActions = perms.filter((p) => p.kind === 'action' && !p.route.endsWith('/artisan')).length;
    expect(itKinds).toMatchObject({ action: itActions });
    expect(itKinds.reveal).toBeUndefined();
    expect((await held('VIEWER')).map((r) => r.kind)).toEqual(['read']);
  });
});

describe('route kinds at start-up', () => {
  it('refuses to start when a reveal route has no permission of its own', async () => {
    await expect(
      createTestApp('pglite', {}, (app) => {
        app.post('/dms/api/v1/peek', { config: { access: 'user', kind: 'reveal' } }, async () => ({}));
      }),
    ).rejects.toThrow(/a reveal without its own permission: POST \/dms\/api\/v1\/peek/);
  });
});

describe('existing installations', () => {
  it('loses the reveals granted implicitly, and the read-only role its actions, when 0008 runs', async () => {
    const db = await openPglite(null);
    try {
      const files = (await readdir(migrationsDir())).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
      await db.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)');
      for (const file of files.filter((f) => f < '0008')) {
        for (const s of splitStatements(await readFile(path.join(migrationsDir(), file), 'utf8')))
          await db.query(s);
        await db.query('INSERT INTO schema_migrations VALUES ($1, 0)', [file]);
      }
      // What the old seed left: permission rows without kinds, IT with everything outside ums, VIEWER with every GET.
      await db.query(
        `INSERT INTO permissions (method, route) VALUES
           ('GET', '/dms/api/v1/websites'), ('PUT', '/dms/api/v1/websites/:id'),
           ('POST', '/dms/api/v1/websites/:id/reveal'), ('POST', '/dms/api/v1/envs/:id/reveal'),
           ('GET', '/dms/api/v1/domains/:id/refresh'), ('POST', '/dms/api/v1/websites/:id/scan')`,
      );
      await db.query(
        `INSERT INTO roles (name, permissions) VALUES
           ('IT', ARRAY(SELECT id FROM permissions)),
           ('VIEWER', ARRAY(SELECT id FROM permissions WHERE method = 'GET')),
           ('ADMIN', ARRAY(SELECT id FROM permissions))`,
      );
      expect(await migrate(db)).toContain('0008_reveal_audit.sql');
      const roles = await db.query<{ name: string; routes: string[] }>(
        `SELECT r.name, ARRAY(SELECT p.kind || ' ' || p.method || ' ' || p.route FROM permissions p
           WHERE p.id = ANY(r.permissions) ORDER BY p.route, p.method) AS routes
         FROM roles r ORDER BY r.name`,
      );
      expect(Object.fromEntries(roles.rows.map((r) => [r.name, r.routes]))).toEqual({
        ADMIN: [
          'action GET /dms/api/v1/domains/:id/refresh',
          'reveal POST /dms/api/v1/envs/:id/reveal',
          'read GET /dms/api/v1/websites',
          'write PUT /dms/api/v1/websites/:id',
          'reveal POST /dms/api/v1/websites/:id/reveal',
          'action POST /dms/api/v1/websites/:id/scan',
        ],
        IT: [
          'action GET /dms/api/v1/domains/:id/refresh',
          'read GET /dms/api/v1/websites',
          'write PUT /dms/api/v1/websites/:id',
          'action POST /dms/api/v1/websites/:id/scan',
        ],
        VIEWER: ['read GET /dms/api/v1/websites'],
      });
    } finally {
      await db.close();
    }
  });
});
