import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzApp, formatCounts } from './fuzz/driver.js';
import { operationsOf, SKIPPED, skipReason } from './fuzz/operations.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

const SEED = Number(process.env.FUZZ_SEED ?? 13);

describe('schema fuzzer skip list', () => {
  it('names only operations that exist, each with its reason', async () => {
    const t = await createTestApp('pglite');
    try {
      const doc = await t.call<Parameters<typeof operationsOf>[0]>({
        method: 'GET',
        url: '/api/docs/json',
        headers: await t.as('ADMIN'),
      });
      const all = Object.entries(doc.body.paths).flatMap(([path, item]) =>
        Object.keys(item).map((m) => ({ method: m.toUpperCase(), path })),
      );
      for (const s of SKIPPED) {
        expect([s.path.source, all.some((o) => o.method === s.method && s.path.test(o.path))]).toEqual([
          s.path.source,
          true,
        ]);
        expect(s.why.length).toBeGreaterThan(10);
      }
      const fuzzed = operationsOf(doc.body);
      expect(fuzzed.length + all.filter((o) => skipReason(o.method, o.path)).length).toBe(all.length);
    } finally {
      await t.close();
    }
  });
});

describe.each(DATABASES)('schema fuzzer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 10,000 malformed and 1,000 valid requests over every operation without a 5xx', async () => {
    const auth = await t.as('ADMIN');
    const me = await t.call<{ data: { id: number } }>({
      method: 'GET',
      url: '/ums/api/v1/users/me',
      headers: auth,
    });
    const role = await t.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'ADMIN'");
    const counts = await fuzzApp(t.app, {
      seed: SEED,
      valid: 1000,
      malformed: 10_000,
      auth,
      protectedIds: { '/ums/api/v1/users': [me.body.data.id], '/ums/api/v1/roles': [role.rows[0]!.id] },
    });
    console.log(formatCounts(`fuzz ${kind} seed ${SEED}`, counts));
    expect(counts.failures).toEqual([]);
    expect(counts.offContract).toEqual([]);
    expect(counts.byClass['5xx']).toBe(0);
    expect(counts.unhandledRejections).toBe(0);
    expect(counts.requests).toBe(11_000);
    expect(counts.operations).toBeGreaterThan(100);
    // Valid requests must mostly succeed, or the fuzzer is only testing the front door.
    expect(counts.byClass['2xx']).toBeGreaterThan(500);
    const after = await t.call({ method: 'GET', url: '/ums/api/v1/users/me', headers: auth });
    expect(after.status).toBe(200);
  }, 300_000);
});
