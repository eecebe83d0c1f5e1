import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const SERVERS = resources.servers.path;
type Row = Record<string, unknown> & { id: number };

/**
 * SPEC §2.5 servers: the list's OpCache and Service Status tabs on the demo figures, and a service restarted
 * from a server's Details tab with confirmation, through the local RunCloud API the e2e server talks to.
 */
describe('servers: OpCache, Service Status and restarting a service (SPEC §2.5, §7.4)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await adminApi();
    const rows = (await api.get<{ data: Row[] }>(`${SERVERS}?perPage=100`)).data;
    for (const r of rows) ids[String(r.name)] = r.id;
  });

  it('shows OpCache per server, and says which servers have no connected site', async () => {
    await t.page.goto(`./#/${SERVERS}?tab=opcache`);
    const row = (name: string) => t.page.getByTestId('opcache-row').filter({ hasText: name });
    await row('hz-fsn1-web01').waitFor();
    expect(await row('hz-fsn1-web01').getByTestId('hit-rate').innerText()).toMatch(/^\d{2}(\.\d+)?%$/);
    expect(await row('hz-fsn1-web01').innerText()).toMatch(/\d+(\.\d)? MB/);
    expect(await row('hz-nbg1-analytics').innerText()).toContain('No connected WordPress site');
    expect(await row('linode-sg-web06').innerText()).toContain('OpCache is not enabled');

    await t.page.getByRole('tab', { name: 'Service Status' }).click();
    const services = t.page.getByTestId('service-status-row');
    await services.filter({ hasText: 'nginx-rc' }).first().waitFor();
    const redis = services.filter({ hasText: 'do-ams3-web04' }).filter({ hasText: 'redis-server' });
    expect(await redis.getByTestId('service-state').innerText()).toBe('Stopped');
    expect(await redis.innerText()).toContain('Service stopped');
    const php = services.filter({ hasText: 'hz-fsn1-web01' }).filter({ hasText: 'php82rc-fpm' });
    expect(await php.innerText()).toMatch(/Running[\s\S]*%[\s\S]*MB[\s\S]*8\.2\.24/);
    await t.page.getByLabel('Stopped only').check();
    await expect
      .poll(async () => {
        const states = await services.getByTestId('service-state').allInnerTexts();
        return states.length > 0 && states.every((s) => s === 'Stopped');
      })
      .toBe(true);
    expect(t.errors).toEqual([]);
  });

  it("restarts a stopped service from a server's Details tab after confirmation, and shows the result", async () => {
    const id = ids['do-ams3-web04']!;
    await t.page.goto(`./#/${SERVERS}/${id}/show/details`);
    await t.page
      .getByTestId('services-source')
      .getByText(/Read from RunCloud just now/)
      .waitFor();
    const redis = t.page.getByTestId('server-service').filter({ hasText: 'redis-server' });
    expect(await redis.getByTestId('service-state').innerText()).toBe('Stopped');
    await new RecordPage(t.page).field('Processor').waitFor();

    await t.page.getByRole('button', { name: 'Restart redis-server' }).click();
    const dialog = t.page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('RunCloud restarts redis-server on do-ams3-web04');
    await dialog.getByRole('button', { name: 'Restart' }).click();
    await t.page
      .getByTestId('restart-result')
      .getByText('Service redis-server has been restarted. Redis is running.')
      .waitFor();
    await redis.getByTestId('service-state').getByText('Running').waitFor();

    const audit = await api.get<{ data: Array<{ target: string; detail: Record<string, unknown> }> }>(
      `ums/api/v1/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'server.service_restart' }))}`,
    );
    expect(audit.data).toContainEqual(
      expect.objectContaining({
        target: `servers/${id}`,
        detail: expect.objectContaining({ realName: 'redis-server', ok: true }),
      }),
    );

    // The OpCache tab of the same server lists its connected sites' reads.
    await new RecordPage(t.page).tab('OpCache').click();
    await t.page.getByTestId('opcache-site').first().waitFor();
    expect(t.errors).toEqual([]);
  });
});
