import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

/** The demo portfolio's static link sites (SAWDStatus tab): every state, release histories, gate verdicts. */
describe('static link sites in the demo data', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  type Row = Record<string, unknown>;
  const list = async (filter: Row = {}) =>
    (
      await t.call<{ data: Row[]; meta: { total: number } }>({
        method: 'GET',
        url: `/dms/api/v1/static-sites?perPage=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
        headers: admin,
      })
    ).body;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seedDemo: true });
    admin = await t.as('ADMIN');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists every LINK website, in every static state', async () => {
    const all = await list();
    const types = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM websites WHERE type = 'LINK'",
    );
    expect(all.meta.total).toBe(types.rows[0]!.n);
    const states = new Set(all.data.map((r) => r.static_state));
    expect(states).toEqual(new Set(['static', 'wordpress']));
    // Static sites with a release history and a live release; sites on WordPress, converted or never.
    const statics = all.data.filter((r) => r.static_state === 'static');
    expect(statics.length).toBeGreaterThanOrEqual(4);
    for (const s of statics) {
      expect(s.current_release).toMatch(/^\d{8}T\d{6}Z-r\d+$/);
      expect(Number(s.releases)).toBeGreaterThanOrEqual(1);
      expect(s.last_publish_at).toEqual(expect.any(Number));
    }
    const never = all.data.filter((r) => r.static_state === 'wordpress' && r.gate === null);
    expect(never.length).toBeGreaterThan(0);
    const backOnWordPress = all.data.filter((r) => r.static_state === 'wordpress' && Number(r.releases) > 0);
    expect(backOnWordPress.length).toBeGreaterThan(0);
  });

  it('has passed and failed gates, the failed ones with their reasons', async () => {
    const failed = await list({ gate: 'failed' });
    expect(failed.meta.total).toBeGreaterThanOrEqual(2);
    for (const f of failed.data) {
      const reasons = (f.gate_result as { reasons: string[] }).reasons;
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons[0]).toMatch(/^(Bought links kept|Every internal link resolves)/);
    }
    expect((await list({ gate: 'passed' })).meta.total).toBeGreaterThanOrEqual(3);
    expect((await list({ static_state: 'static', gate: 'failed' })).meta.total).toBeGreaterThanOrEqual(1);
    const releases = await t.call<{ data: Row[] }>({
      method: 'GET',
      url: `/dms/api/v1/static-releases?perPage=500`,
      headers: admin,
    });
    const statuses = new Set(releases.body.data.map((r) => r.status));
    for (const s of ['live', 'previous', 'rolled_back', 'rejected']) expect(statuses).toContain(s);
  });

  it('offers Convert only where it applies: a site with a RunCloud alias is refused with the reason', async () => {
    const aliased = (await list({ static_state: 'static' })).data.find((r) => r.runcloud_alias_id !== null)!;
    const res = await t.call<{ error: { message: string } }>({
      method: 'GET',
      url: `/dms/api/v1/websites/convert-to-static/${String(aliased.id)}`,
      headers: admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/static already|RunCloud alias/);
  });
});
