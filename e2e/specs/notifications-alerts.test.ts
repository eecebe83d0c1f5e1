import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { BellDrawer } from '../pages/BellDrawer';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const WEBSITES = resources.websites.path;
const DAY = 86_400;

interface Alert {
  id: number;
  title: string;
  importance: string;
  resolved: 'yes' | 'no';
  version: number;
}

const alertsOf = async (api: Api, websiteId: number) =>
  (await api.get<{ data: Alert[] }>(`${WEBSITES}/${websiteId}/notifications`)).data;

/** Waits for a condition the server reaches on its own (a job run). */
async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('website alerts (SPEC §4 Alerts, §7.7)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let websiteId: number;
  let alert: Alert;

  beforeAll(async () => {
    // A site whose domain expires in 10 days: the daily expiration check raises an alert on it.
    api = await adminApi();
    const name = `${unique('expiring')}.com`;
    websiteId = (
      await api.post<{ data: { id: number } }>(WEBSITES, { url: `https://${name}/`, target_market: 'All' })
    ).data.id;
    await api.post(resources.domains.path, {
      name,
      website_id: websiteId,
      expiration_alerts: true,
      expiration_date: Math.floor(Date.now() / 1000) + 10 * DAY,
    });
    await api.post('dms/api/v1/artisan', { command: 'domains:expiration-alerts', arguments: {} });
    const alerts = await eventually(
      () => alertsOf(api, websiteId),
      (list) => list.length > 0,
    );
    alert = alerts[0]!;
  });

  it('lists the site’s alert with its importance and resolves it from the Alerts tab', async () => {
    expect(alert).toMatchObject({ title: expect.stringMatching(/expires in 10 days$/), resolved: 'no' });
    await t.page.goto(`./#/${WEBSITES}/${websiteId}/show`);
    const issues = t.page.getByTestId('issues-chip');
    await expect.poll(() => issues.innerText()).toMatch(/^1 \/ /);

    await new RecordPage(t.page).tab('Alerts').click();
    const row = t.page.getByTestId('website-alert').filter({ hasText: alert.title });
    await row.waitFor();
    expect((await row.getByTestId('alert-importance').innerText()).trim()).toBe('Normal');
    expect(await row.getAttribute('data-resolved')).toBe('no');
    await row.getByRole('switch').click();
    await expect.poll(() => row.getAttribute('data-resolved')).toBe('yes');
    expect((await alertsOf(api, websiteId)).find((a) => a.id === alert.id)?.resolved).toBe('yes');

    // the site's open-alert count follows
    await new RecordPage(t.page).tab('Overview').click();
    await expect.poll(() => t.page.getByTestId('issues-chip').innerText()).toMatch(/^0 \/ /);
  });

  it('reopens it from the bell’s Alerts tab, where a resolved alert counts as read', async () => {
    const current = (await alertsOf(api, websiteId)).find((a) => a.id === alert.id)!;
    await api.put(`${WEBSITES}/${websiteId}/notifications/${alert.id}`, {
      resolved: 'yes',
      version: current.version,
    });
    await t.page.goto('./#/');
    const bell = new BellDrawer(t.page);
    await bell.open();
    await bell.showTab('Alerts');
    const item = bell.item(alert.title);
    await item.waitFor();
    expect(await bell.dot(item).getAttribute('data-unread')).toBe('false');
    expect(await bell.dot(item).isDisabled()).toBe(true);
    const unreadBefore = await bell.unread();

    await item.getByRole('switch').click();
    await expect
      .poll(async () => (await alertsOf(api, websiteId)).find((a) => a.id === alert.id)?.resolved)
      .toBe('no');
    expect(await bell.dot(item).getAttribute('data-unread')).toBe('true');
    expect(await bell.unread()).toBe(unreadBefore + 1);
    await item.getByRole('link', { name: new RegExp(`^expiring-`) }).click();
    await t.page.waitForURL(new RegExp(`#/${WEBSITES}/${websiteId}/show$`));
  });
});
