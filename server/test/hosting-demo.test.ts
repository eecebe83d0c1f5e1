import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

interface ServiceStatus {
  name: string;
  runcloud_server_id: number | null;
  read_at: number | null;
  services: Array<{ realName: string; running: boolean; memory: string | null; cpu_percent: number | null }>;
}
interface OpcacheRow {
  name: string;
  connected_sites: number;
  memory_used: number | null;
  hit_rate: number | null;
  message: string | null;
}

/** The hosting panel's screens open full of demo data: services, stopped ones, OpCache, RunCloud ids. */
describe.each(DATABASES)('hosting demo data on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string) => {
    const res = await t.call<{ data: T }>({ method: 'GET', url, headers: admin });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('stores services for every RunCloud server, some stopped, with RunCloud figures', async () => {
    const rows = await get<ServiceStatus[]>('/dms/api/v1/servers/service-status');
    const linked = rows.filter((r) => r.runcloud_server_id !== null);
    expect(linked.length).toBe(6);
    for (const r of linked) {
      expect(r.read_at).toBeGreaterThan(0);
      expect(r.services.map((s) => s.realName)).toEqual(
        expect.arrayContaining(['nginx-rc', 'mysql', 'redis-server', 'supervisord', 'php82rc-fpm']),
      );
    }
    const stopped = linked.flatMap((r) => r.services.filter((s) => !s.running));
    expect(stopped.length).toBeGreaterThan(5);
    expect(stopped.every((s) => s.memory === 'Service stopped' && s.cpu_percent === null)).toBe(true);
    expect(stopped.map((s) => s.realName)).toContain('redis-server');
    const detail = await get<{ hardware: { cpu_cores: number }; health: { memory_total_mb: number } }>(
      `/dms/api/v1/servers/${await serverId('hz-fsn1-web01')}/runcloud`,
    );
    expect(detail.hardware.cpu_cores).toBeGreaterThan(0);
    expect(detail.health.memory_total_mb).toBeGreaterThan(1000);
  });

  const serverId = async (name: string) =>
    Number((await t.db.query<{ id: number }>('SELECT id FROM servers WHERE name = $1', [name])).rows[0]!.id);

  it('has OpCache figures per server, and says which servers have no connected site', async () => {
    const rows = await get<OpcacheRow[]>('/dms/api/v1/servers/opcache');
    const by = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(by['hz-fsn1-web01']!.memory_used).toBeGreaterThan(0);
    expect(by['hz-fsn1-web01']!.hit_rate).toBeGreaterThan(90);
    expect(by['hz-nbg1-analytics']).toMatchObject({ connected_sites: 0, memory_used: null });
    expect(by['hz-nbg1-analytics']!.message).toMatch(/No connected WordPress site/);
    expect(by['linode-sg-web06']!.message).toMatch(/not enabled/);
    const withFigures = rows.filter((r) => r.memory_used !== null);
    expect(withFigures.length).toBeGreaterThanOrEqual(4);
  });

  it('gives link sites RunCloud ids, some with an alias and some without', async () => {
    const links = await t.db.query<{ alias: number | null; webapp: number | null }>(
      `SELECT runcloud_alias_id AS alias, runcloud_webapp_id AS webapp FROM websites WHERE type = 'LINK'`,
    );
    expect(links.rows.every((r) => r.webapp !== null)).toBe(true);
    expect(links.rows.some((r) => r.alias !== null)).toBe(true);
    expect(links.rows.some((r) => r.alias === null)).toBe(true);
  });
});
