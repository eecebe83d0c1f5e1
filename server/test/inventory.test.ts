import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helper.js';

type Row = Record<string, unknown>;

describe.each(DATABASES)('portfolio inventory on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: Row) =>
    t.call<{ data: Row }>({ method: 'POST', url, headers: admin, payload });
  const list = (path: string, filter: unknown = {}, extra = '') =>
    t.call<{ data: Row[]; meta: { total: number } }>({
      method: 'GET',
      url: `/dms/api/v1/${path}?perPage=5000&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
      headers: admin,
    });

  it('keeps Punycode and Unicode names consistent and strips scheme, slashes and www from the name filter', async () => {
    const created = await post('/dms/api/v1/domains', { name: 'https://www.Bücher-Shop.de/', notes: 'idn' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'xn--bcher-shop-9db.de',
      unicode_name: 'bücher-shop.de',
    });
    for (const q of ['http://www.bücher-shop.de/', 'BÜCHER', 'xn--bcher', '//bücher-shop.de']) {
      const res = await list('domains', { name: q });
      expect(
        res.body.data.map((d) => d.name),
        q,
      ).toEqual(['xn--bcher-shop-9db.de']);
    }
    const bad = await t.call<{ error: { fields: Record<string, string> } }>({
      method: 'POST',
      url: '/dms/api/v1/domains',
      headers: admin,
      payload: { name: 'not a domain' },
    });
    expect(bad.body.error.fields.name).toBe('Not a valid domain name');
  });

  it('imports a file with per-row states, idempotently', async () => {
    const rows = [
      { name: 'import-one.com', notes: 'a' },
      { name: 'IMPORT-TWO.nl' },
      { name: 'import-one.com' },
      { name: 'bad domain' },
      { name: '' },
      { name: 'xn--bcher-shop-9db.de' },
    ];
    const first = await t.call<{ data: { created: number; results: Row[] } }>({
      method: 'POST',
      url: '/dms/api/v1/domains/import',
      headers: admin,
      payload: { rows },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.results.map((r) => r.status)).toEqual([
      'created',
      'created',
      'exists',
      'error',
      'error',
      'exists',
    ]);
    expect(first.body.data.results[3]!.fields).toEqual({ name: 'Not a valid domain name' });
    const snapshot = await t.db.query('SELECT id, name, notes, version, updated_at FROM domains ORDER BY id');
    const second = await t.call<{ data: { created: number; existing: number } }>({
      method: 'POST',
      url: '/dms/api/v1/domains/import',
      headers: admin,
      payload: { rows },
    });
    expect(second.body.data).toMatchObject({ created: 0, existing: 4 });
    expect(
      (await t.db.query('SELECT id, name, notes, version, updated_at FROM domains ORDER BY id')).rows,
    ).toEqual(snapshot.rows);
  });

  it('imports a 5,000-row file in one call', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `bulk-${i}.example.com`,
      notes: `row ${i}`,
    }));
    const started = Date.now();
    const res = await t.call<{ data: { created: number } }>({
      method: 'POST',
      url: '/dms/api/v1/domains/import',
      headers: admin,
      payload: { rows },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(5000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await list('domains', { name: 'bulk-' })).body.meta.total).toBe(5000);
  });

  it('merges registrars in one transaction, moving domains and nameservers', async () => {
    const a = await t.deps.db.query<{ id: number }>(
      "INSERT INTO registrars (registrar, other_registrar_names) VALUES ('Merge Target', '{Old Target}') RETURNING id",
    );
    const b = await t.deps.db.query<{ id: number }>(
      "INSERT INTO registrars (registrar, nameserver_domain_names) VALUES ('Merge Source', '{ns-source.net}') RETURNING id",
    );
    const [ta, tb] = [Number(a.rows[0]!.id), Number(b.rows[0]!.id)];
    await t.db.query(
      "INSERT INTO domains (name, unicode_name, registrar_id) VALUES ('merge-a.com', 'merge-a.com', $1), ('merge-b.com', 'merge-b.com', $2)",
      [ta, tb],
    );
    await t.db.query("INSERT INTO nameservers (nameserver, registrar_id) VALUES ('ns1.ns-source.net', $1)", [
      tb,
    ]);

    // A failure in the middle (here: on moving nameservers) leaves both registrars untouched.
    await t.db
      .exec(`CREATE FUNCTION fail_merge() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$;
      CREATE TRIGGER fail_merge BEFORE UPDATE ON nameservers FOR EACH ROW EXECUTE FUNCTION fail_merge();`);
    const failed = await t.call({
      method: 'POST',
      url: `/dms/api/v1/registrars/${ta}/merge?ids=${tb}`,
      headers: admin,
    });
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).not.toContain('injected');
    const still = await t.db.query<{ registrar_id: number }>(
      "SELECT registrar_id FROM domains WHERE name = 'merge-b.com'",
    );
    expect(Number(still.rows[0]!.registrar_id)).toBe(tb);
    expect((await t.db.query('SELECT id FROM registrars WHERE id = $1', [tb])).rows.length).toBe(1);
    await t.db.exec('DROP TRIGGER fail_merge ON nameservers; DROP FUNCTION fail_merge();');

    const ok = await t.call<{ data: Row }>({
      method: 'POST',
      url: `/dms/api/v1/registrars/${ta}/merge?ids=${tb}`,
      headers: admin,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      registrar: 'Merge Target',
      other_registrar_names: ['Merge Source', 'Old Target'],
      nameserver_domain_names: ['ns-source.net'],
      domains_count: 2,
      nameservers_count: 1,
    });
    expect(
      (await t.call({ method: 'GET', url: `/dms/api/v1/registrars/${tb}`, headers: admin })).status,
    ).toBe(404);
    const viewer = await t.as('VIEWER');
    expect(
      (await t.call({ method: 'POST', url: `/dms/api/v1/registrars/${ta}/merge?ids=${tb}`, headers: viewer }))
        .status,
    ).toBe(403);
  });

  it('never returns secrets in lists or exports, and reveals them only on an audited call', async () => {
    const site = await post('/dms/api/v1/websites', {
      url: 'canary-site.com',
      target_market: 'UK',
      http_auth_credentials: 'canary-user:canary-pass-1',
      remote_desktop: { ip_address: '3.120.44.201', username: 'ops', password: 'canary-rdp-2' },
      google_account: { username: 'x@gmail.com', password: 'canary-google-3' },
    });
    expect(site.status).toBe(201);
    expect(site.body.data).toMatchObject({
      url: 'https://canary-site.com',
      hostname: 'canary-site.com',
      http_auth_credentials_set: true,
      remote_desktop: { username: 'ops', password_set: true },
      google_account: { password_set: true },
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: '/dms/api/v1/websites?perPage=5000',
      headers: admin,
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/dms/api/v1/websites/${String(site.body.data.id)}`,
      headers: admin,
    });
    const dump = await t.db.query('SELECT * FROM websites');
    for (const text of [exported.body, one.body, JSON.stringify(dump.rows)])
      expect(text).not.toMatch(/canary-(pass|rdp|google)/);
    const reveal = (field: string) =>
      t.call<{ data: { value: string } }>({
        method: 'POST',
        url: `/dms/api/v1/websites/${String(site.body.data.id)}/reveal`,
        headers: admin,
        payload: { field },
      });
    // A reveal needs a fresh password confirmation (test/reveal.test.ts covers the refusals).
    const stepUp = { method: 'POST', url: '/ums/auth/step-up', headers: admin } as const;
    expect((await t.call({ ...stepUp, payload: { password: ADMIN_PASSWORD } })).status).toBe(200);
    expect((await reveal('http_auth_credentials')).body.data.value).toBe('canary-user:canary-pass-1');
    expect((await reveal('remote_desktop.password')).body.data.value).toBe('canary-rdp-2');
    const audit = await t.db.query("SELECT target, detail FROM audit_log WHERE action = 'reveal_secret'");
    expect(audit.rows.length).toBe(2);
    expect(JSON.stringify(audit.rows)).not.toContain('canary');
    // Sending the masked object back keeps the stored password.
    const upd = await t.call<{ data: Row }>({
      method: 'PUT',
      url: `/dms/api/v1/websites/${String(site.body.data.id)}`,
      headers: admin,
      payload: { ...site.body.data, friendly_name: 'Canary', version: 1 },
    });
    expect(upd.status).toBe(200);
    expect((await reveal('remote_desktop.password')).body.data.value).toBe('canary-rdp-2');
    expect((await reveal('google_account.password')).body.data.value).toBe('canary-google-3');
  });

  it('links a new website to its portfolio domain and keeps an env value sealed when marked secret', async () => {
    await post('/dms/api/v1/domains', { name: 'linked-portfolio.com' });
    const site = await post('/dms/api/v1/websites', {
      url: 'https://blog.linked-portfolio.com/',
      target_market: 'USA',
    });
    expect(site.body.data).toMatchObject({
      hostname: 'blog.linked-portfolio.com',
      domain: { name: 'linked-portfolio.com' },
    });
    const env = await post('/dms/api/v1/envs', {
      environment: 'production',
      variable: 'API_TOKEN',
      value: 'canary-env-4',
      secret: true,
    });
    expect(env.body.data).toMatchObject({ value: null, secret: true, secret_value_set: true });
    const plain = await post('/dms/api/v1/envs', {
      environment: 'production',
      variable: 'APP_NAME',
      value: 'Sitefleet',
    });
    expect(plain.body.data).toMatchObject({ value: 'Sitefleet', secret_value_set: false });
    const dup = await t.call<{ error: { fields: Row } }>({
      method: 'POST',
      url: '/dms/api/v1/envs',
      headers: admin,
      payload: { environment: 'production', variable: 'APP_NAME' },
    });
    expect(dup.body.error.fields.variable).toBe('has already been taken');
  });

  it('shows the spread of sites over subnets and flags shared /24s', async () => {
    const srv = await post('/dms/api/v1/servers', {
      name: 'diversity-srv',
      type: 'Hosting',
      main_ip: '203.0.113.10',
    });
    const ipA = await post('/dms/api/v1/ip-addresses', {
      ip_address: '198.51.100.10',
      provider: 'Acme',
      server_id: srv.body.data.id,
    });
    const ipB = await post('/dms/api/v1/ip-addresses', {
      ip_address: '198.51.100.11',
      provider: 'Acme',
      server_id: srv.body.data.id,
    });
    for (const [i, ip] of [ipA, ipB, ipB].entries()) {
      await post('/dms/api/v1/websites', {
        url: `https://div-${i}.example.org`,
        target_market: 'UK',
        ip_address_id: ip.body.data.id,
      });
    }
    const res = await t.call<{ data: { subnets24: Row[]; totals: Row } }>({
      method: 'GET',
      url: '/dms/api/v1/ip-addresses/diversity',
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.subnets24.find((s) => s.subnet === '198.51.100.0/24')).toMatchObject({
      ips: 2,
      sites: 3,
      flagged: true,
    });
    const server = await t.call<{ data: Row }>({
      method: 'GET',
      url: `/dms/api/v1/servers/${String(srv.body.data.id)}`,
      headers: admin,
    });
    expect(server.body.data).toMatchObject({ ip_addresses_count: 2, websites_count: 0 });
  });
});
