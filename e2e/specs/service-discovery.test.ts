import { resources } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, uniqueDemoSite, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const SERVICES = resources.serviceDiscovery.path;
type Row = Record<string, unknown> & { id: number };

describe('service discovery: the demo services, a new one and its check (SPEC §2.5)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let site: LocalSite;

  beforeAll(async () => {
    api = await adminApi();
    site = await startSite({ '/status/': { html: html('Status', '<p>All systems operational</p>') } });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists the demo services with their type, website and the outcome of their last check', async () => {
    const list = new ListPage(t.page, SERVICES);
    await list.goto();
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Type', 'Hostname', 'Location', 'Website', 'Verified', 'Last checked']),
    );
    expect(await list.rows().count()).toBeGreaterThan(10);
    const chips = list.rows().getByTestId('verified-chip');
    await chips.first().waitFor();
    expect(await chips.allInnerTexts()).toContain('Verified');

    // The failed ones, each with the reason its check gave (once the filtered list has replaced the first).
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ verified: false, type: 'mx' }))}`);
    await expect
      .poll(async () => {
        const rows = await list.rows().allInnerTexts();
        return rows.length > 0 && rows.every((r) => r.includes('Mail (MX)') && r.includes('Failed'));
      })
      .toBe(true);
    await list.rows().first().click();
    await t.page.waitForURL(/\/show$/);
    await new RecordPage(t.page).tab('Last check').click();
    await t.page
      .getByTestId('check-outcome')
      .getByText(/MX records name .*, not /)
      .waitFor();
    expect(await t.page.getByTestId('evidence-line').first().innerText()).toMatch(/^DNS .* MX: /);
    expect(t.errors).toEqual([]);
  });

  it('checks the selected services in one run from the list', async () => {
    const list = new ListPage(t.page, SERVICES);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ type: 'mx' }))}`);
    await expect
      .poll(async () => {
        const rows = await list.rows().allInnerTexts();
        return rows.length >= 2 && rows.every((r) => r.includes('Mail (MX)'));
      })
      .toBe(true);
    for (const i of [0, 1]) await list.rows().nth(i).getByRole('checkbox').check();
    await t.page.getByRole('button', { name: 'Check', exact: true }).click();
    await t.page.waitForURL(/\/cron-jobs\/\d+\/show$/);
    // One unit per selected service.
    await expect.poll(() => t.page.getByTestId('cron-progress-label').innerText()).toMatch(/\/ 2\b/);
    expect(t.errors).toEqual([]);
  });

  it('creates a status page and checks it now: verified with its evidence, then failing when it is down', async () => {
    // A demo website whose hostname no other website has (other specs add sites on 127.0.0.1).
    const sites = (
      await api.get<{ data: Row[] }>(`${resources.websites.path}?perPage=100&sortBy=hostname&sortOrder=ASC`)
    ).data;
    const website = uniqueDemoSite(sites);
    await t.page.goto(`./#/${SERVICES}/create`);
    const page = new RecordPage(t.page);
    await t.page.getByRole('combobox', { name: /^Website/ }).fill(String(website.hostname));
    await t.page.getByRole('option', { name: String(website.hostname), exact: true }).click();
    await t.page.getByRole('combobox', { name: /^Type/ }).click();
    await t.page.getByRole('option', { name: 'Status page', exact: true }).click();
    await page.input('Location').fill(site.url('/status/'));
    await page.save();
    await t.page.waitForURL(/\/show$/);
    const id = Number(/\/(\d+)\/show$/.exec(t.page.url())![1]);
    const created = (await api.get<{ data: Row }>(`${SERVICES}/${id}`)).data;
    // The hostname was left empty: the URL's host.
    expect(created).toMatchObject({
      type: 'status',
      hostname: '127.0.0.1',
      verified: false,
      last_checked: null,
    });
    await t.page.getByTestId('verified-chip').getByText('Not checked').waitFor();

    await t.page.getByRole('button', { name: 'Check now' }).click();
    await t.page
      .getByText(`${site.url('/status/')} answers 200`)
      .first()
      .waitFor();
    await t.page.getByTestId('verified-chip').getByText('Verified').waitFor();
    await page.tab('Last check').click();
    await t.page
      .getByTestId('evidence-line')
      .getByText(`HEAD: HTTP 200 at ${site.url('/status/')}`)
      .waitFor();

    await site.stop();
    try {
      await t.page.getByRole('button', { name: 'Check now' }).click();
      await t.page
        .getByText(`${site.url('/status/')} did not answer`)
        .first()
        .waitFor();
      await t.page
        .getByTestId('evidence-line')
        .getByText(/^HEAD: no answer/)
        .waitFor();
      await page.tab('Overview').click();
      await t.page.getByTestId('verified-chip').getByText('Failed').waitFor();
    } finally {
      await site.start();
    }
    const stored = (await api.get<{ data: Row }>(`${SERVICES}/${id}`)).data;
    expect(stored.verified).toBe(false);
    expect(String(stored.check_message)).toContain('did not answer');
    expect(t.errors).toEqual([]);
  });
});
