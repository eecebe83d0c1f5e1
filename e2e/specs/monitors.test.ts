import { resources } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const WEBSITES = resources.websites.path;
const MONITORS = resources.monitors.path;

describe('uptime monitoring (SPEC §2.5 monitors, §4 Monitor)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let site: LocalSite;
  let name: string;
  let websiteId: number;
  let websiteUrl: string;

  beforeAll(async () => {
    api = await adminApi();
    site = await startSite({ '/': { html: html('Casino reviews', '<h1>Best casino reviews</h1>') } });
    // The site answers on 127.0.0.1 (the only address outbound checks may reach here); its friendly name
    // tells it apart in lists and names its monitor and alerts.
    name = unique('Monitored casino');
    const created = await api.post<{ data: { id: number; url: string } }>(WEBSITES, {
      url: `${site.origin}/`,
      friendly_name: name,
      target_market: 'UK',
    });
    websiteId = created.data.id;
    websiteUrl = created.data.url;
  });
  afterAll(async () => {
    await site?.close().catch(() => undefined);
  });

  const status = () => t.page.getByTestId('monitor-status').first();
  /** Reloads the page until the monitor's indicator says what is expected (the scheduler works on its own). */
  const statusBecomes = async (label: string) => {
    await expect
      .poll(
        async () => {
          await t.page.reload();
          await status().waitFor();
          return status().getAttribute('data-status');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(label);
  };

  it('monitors a site once confirmed, turns red when it stops with a website alert, and green again', async () => {
    // The UptimeRobot tab of the websites list: a site without a monitor offers 'Monitor this site'.
    const list = new ListPage(t.page, WEBSITES);
    await list.goto();
    const tab = t.page.getByRole('tab', { name: 'UptimeRobot' });
    await expect
      .poll(async () => {
        await tab.click();
        return tab.getAttribute('aria-selected');
      })
      .toBe('true');
    await t.page.getByRole('columnheader', { name: 'Monitoring' }).waitFor();
    await list.advancedFilter({ 'Friendly name': name });
    await expect.poll(() => list.rows().count(), { timeout: 10_000 }).toBe(1);
    const row = list.rows().first();
    await row.getByRole('button', { name: 'Monitor this site' }).click();
    // It asks first, naming the site and the check it will create.
    const confirm = t.page.getByRole('dialog');
    expect((await confirm.getByRole('heading').innerText()).trim()).toBe(`Monitor ${name}?`);
    expect(await confirm.innerText()).toContain(
      `An HTTP monitor named "${name}" will check ${websiteUrl} every 5 minutes`,
    );
    await confirm.getByRole('button', { name: 'Create monitor' }).click();
    await t.page.getByText('Monitor created').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByTestId('monitor-status').waitFor();
    // The scheduler checks a new monitor within seconds: the row shows it not checked yet, or already up.
    expect(['Not added yet', 'Up']).toContain(
      await row.getByTestId('monitor-status').getAttribute('data-status'),
    );

    // Its page: checked within seconds of its creation.
    await row.getByTestId('monitor-status').getByRole('link').first().click();
    await t.page.waitForURL(new RegExp(`#/${MONITORS}/\\d+/show`));
    const monitorId = Number(/\/(\d+)\/show/.exec(t.page.url())![1]);
    await statusBecomes('Up');
    await expect.poll(() => t.page.getByTestId('status-change').count()).toBe(1);

    // No retries, so the first failed check is the outage (edited through the form: PATCH). The edit page
    // reads the monitor again as it opens and react-admin resets the form to that read (the scheduler has
    // changed its status meanwhile): typing before it lands would be undone.
    const reread = t.page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/monitors/${monitorId}`),
    );
    await t.page.getByRole('link', { name: 'Edit' }).click();
    await reread;
    const form = new RecordPage(t.page);
    // The show page also reloads the monitor every few seconds, so the read above may have been its own:
    // type again until the value holds.
    await expect
      .poll(async () => {
        if ((await form.input('Retries').inputValue()) !== '0') await form.input('Retries').fill('0');
        return form.saveButton().isEnabled();
      })
      .toBe(true);
    await form.save();
    await t.page.waitForURL(new RegExp(`#/${MONITORS}/${monitorId}/show`));

    await site.stop();
    await t.page.getByRole('button', { name: 'Check now' }).click();
    await t.page.getByText('Check requested').waitFor();
    await statusBecomes('Down');
    const timeline = t.page.getByTestId('status-timeline');
    await expect.poll(() => timeline.locator('[data-status="down"]').count()).toBeGreaterThan(0);
    expect(await t.page.getByTestId('status-change').first().innerText()).toMatch(/Down/);
    // The alert on the website's page is listed by the site's name, linked to it, not by its id.
    const websiteAlert = t.page.getByTestId('monitor-alert').filter({ hasText: 'Website alert' }).first();
    const siteLink = websiteAlert.getByRole('link', { name });
    await siteLink.waitFor();
    expect(await siteLink.getAttribute('href')).toBe(`#/${WEBSITES}/${websiteId}/show`);

    // The website's alert, on its Alerts tab.
    await t.page.goto(`./#/${WEBSITES}/${websiteId}/show`);
    await new RecordPage(t.page).tab('Alerts').click();
    const alert = t.page.getByTestId('website-alert').filter({ hasText: `${name} is down` });
    await alert.waitFor();
    expect(await alert.getAttribute('data-resolved')).toBe('no');

    // Started again: one check later it is up, and the outage alert is resolved.
    await site.start();
    await t.page.goto(`./#/${MONITORS}/${monitorId}/show`);
    await t.page.getByRole('button', { name: 'Check now' }).click();
    await statusBecomes('Up');
    expect(await t.page.getByTestId('status-change').count()).toBe(3);
    await t.page.goto(`./#/${WEBSITES}/${websiteId}/show`);
    await new RecordPage(t.page).tab('Alerts').click();
    await expect.poll(() => alert.getAttribute('data-resolved')).toBe('yes');
    await t.page
      .getByTestId('website-alert')
      .filter({ hasText: `${name} is back up` })
      .waitFor();
    expect(t.errors).toEqual([]);
  }, 150_000);

  it('says on the form when a target is a private address and how an operator allows it', async () => {
    // 127.0.0.1 is the one private address allowed here (OUTBOUND_ALLOW_HOSTS); 10.x is refused on save,
    // so nothing ever connects to it.
    await t.page.goto(`./#/${MONITORS}/create`);
    const form = new RecordPage(t.page);
    await form.input('URL or IP').fill('http://10.1.2.3:8080/health');
    const refused = t.page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/${MONITORS}`),
    );
    await form.save();
    expect((await refused).status()).toBe(422);
    await expect
      .poll(() => form.helperText('URL or IP'))
      .toBe(
        '10.1.2.3 is a private or loopback address; monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS',
      );
    expect(t.page.url()).toMatch(new RegExp(`#/${MONITORS}/create$`));
  });
});
