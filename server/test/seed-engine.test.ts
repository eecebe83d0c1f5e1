import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedWriter } from '../src/core/seed.js';
import type { Queryable } from '../src/db/db.js';
import { compileBodyCheck } from '../src/plugins/validation.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Row = Record<string, unknown>;

describe.each(DATABASES)('seed API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Runs a seed in a transaction that is always rolled back, so each test starts from the demo data. */
  async function seeding<T>(work: (records: SeedWriter, tx: Queryable) => Promise<T>): Promise<T> {
    let out: T | undefined;
    const rollback = new Error('rollback');
    await t.db
      .transaction(async (tx) => {
        out = await work(
          new SeedWriter({ engine: t.deps.engine, db: t.db, compile: compileBodyCheck }, tx),
          tx,
        );
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    return out as T;
  }
  const one = async (tx: Queryable, sql: string, params: unknown[] = []) =>
    (await tx.query<Row>(sql, params)).rows[0]!;

  it('seals the demo secrets for the columns and keys their declarations name', async () => {
    const secrets = t.deps.secrets;
    const site = await one(
      t.db,
      `SELECT http_auth_credentials AS auth FROM websites WHERE http_auth_credentials IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(secrets.open(String(site.auth), 'websites.http_auth_credentials')).toMatch(
      /^staging:\d{6}-preview$/,
    );
    const money = await one(
      t.db,
      `SELECT google_account AS g, remote_desktop AS r FROM websites WHERE remote_desktop IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const google = money.g as Row;
    expect(secrets.open(String(google.password), 'websites.google_account.password')).toMatch(/^G-\d{8}!a$/);
    expect(google.first_name).toMatch(/^(Anna|Mark|Sara|Tom)$/);
    const desktop = money.r as Row;
    expect(secrets.open(String(desktop.password), 'websites.remote_desktop.password')).toMatch(
      /^Rdp!\d{6}x$/,
    );
    const proxy = await one(t.db, 'SELECT password FROM proxy_servers ORDER BY id LIMIT 1');
    expect(secrets.open(String(proxy.password), 'proxy_servers.password')).toMatch(/^px-\d{7}$/);
    // The envs hook keeps a secret variable's value only sealed, as it does for the console.
    const env = await one(t.db, 'SELECT value, secret_value FROM envs WHERE secret ORDER BY id LIMIT 1');
    expect(env.value).toBeNull();
    expect(secrets.open(String(env.secret_value), 'envs.secret_value').length).toBeGreaterThan(8);
  });

  it('refuses a record the create body would refuse, naming the resource, the record and the field', async () => {
    await expect(
      seeding((records) => records.insert('tags', [{ name: 'fine' }, { color: 'red' }])),
    ).rejects.toThrow('Seed: tags record 1 is not valid: {"name":"Required","color":"Unknown field"}');
    await expect(
      seeding((records) => records.insert('proxy-servers', [{ name: 'p', ip_address: 'not an ip' }])),
    ).rejects.toThrow('Seed: proxy-servers record 0 is not valid: {"ip_address":"Must be an IP address"}');
    await expect(
      seeding((records) =>
        records.insert('websites', [{ url: 'https://a.example', target_market: 'UK', tags: [1, 987654] }]),
      ),
    ).rejects.toThrow('Seed: websites.tags names unknown tags: 987654');
  });

  it("runs the resource's before-write hook: names normalised, derived columns filled", async () => {
    const stored = await seeding(async (records, tx) => {
      const [domain] = await records.insert('domains', [{ name: 'Bücher-Test.EXAMPLE' }]);
      const [site] = await records.insert('websites', [
        { url: 'www.bücher-test.example/shop', target_market: 'Germany' },
      ]);
      return {
        domain: await one(tx, 'SELECT name, unicode_name FROM domains WHERE id = $1', [domain]),
        site: await one(tx, 'SELECT url, hostname, domain_id FROM websites WHERE id = $1', [site]),
        domainId: domain,
      };
    });
    expect(stored.domain).toEqual({
      name: 'xn--bcher-test-9db.example',
      unicode_name: 'bücher-test.example',
    });
    expect(stored.site).toEqual({
      url: 'https://www.xn--bcher-test-9db.example/shop',
      hostname: 'www.xn--bcher-test-9db.example',
      domain_id: stored.domainId,
    });
  });

  it('keeps historical times, numbers records in order, and counts a later change as a new version', async () => {
    const rows = await seeding(async (records, tx) => {
      const ids = await records.insert('tags', [
        { name: 'seed-old', created_at: 1_000_000_000, updated_at: 1_100_000_000 },
        { name: 'seed-new' },
      ]);
      await records.set('tags', [{ id: ids[0]!, name: 'seed-renamed', updated_at: 1_200_000_000 }], {
        changed: true,
      });
      await records.set('tags', [{ id: ids[1]!, name: 'seed-linked' }]);
      return {
        ids,
        rows: (
          await tx.query<Row>(
            'SELECT id, name, created_at, updated_at, version FROM tags WHERE id = ANY($1::bigint[]) ORDER BY id',
            [ids],
          )
        ).rows.map((r) => ({
          ...r,
          id: Number(r.id),
          created_at: Number(r.created_at),
          updated_at: Number(r.updated_at),
        })),
      };
    });
    expect(rows.ids[1]).toBe(rows.ids[0]! + 1);
    expect(rows.rows[0]).toEqual({
      id: rows.ids[0],
      name: 'seed-renamed',
      created_at: 1_000_000_000,
      updated_at: 1_200_000_000,
      version: 2,
    });
    expect(rows.rows[1]).toMatchObject({ id: rows.ids[1], name: 'seed-linked', version: 1 });
    expect(rows.rows[1]!.created_at).toBeGreaterThan(1_700_000_000);
  });

  it("writes a scoped resource's rows with its scope", async () => {
    const service = await seeding(async (records, tx) => {
      const [id] = await records.insert('umms-cron-jobs', [
        { command: 'monitors:prune', status: 'completed', trigger: 'schedule', start_time: 1_700_000_000 },
      ]);
      return (await one(tx, 'SELECT service FROM cron_runs WHERE id = $1', [id])).service;
    });
    expect(service).toBe('umms');
  });
});
