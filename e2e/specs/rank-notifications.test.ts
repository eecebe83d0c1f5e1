import { actions, resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const ACCURANKER = resources.accurankerDomains.path;
const KEYWORDS = resources.accurankerKeywords.path;
const NOTIFICATIONS = resources.accurankerNotifications.path;

type Row = Record<string, unknown> & { id: number };
const filtered = (filter: Record<string, unknown>, extra = '') =>
  `?perPage=100&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe('rank notifications of an AccuRanker domain (SPEC §2.5, §7.5)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let domainId: number;
  let seeded: Row[];
  let alerts: Array<{ changes: unknown[] }>;

  beforeAll(async () => {
    api = await adminApi();
    // A demo domain whose notifications have set off alerts in the last 30 days of ranks.
    const domains = (await api.get<{ data: Row[] }>(`${ACCURANKER}?perPage=100`)).data;
    for (const d of domains) {
      const shown = await api.get<{ data: Array<{ changes: unknown[] }> }>(
        `${actions.seoScreens.accurankerRankAlerts.path.replace(':id', String(d.id))}`,
      );
      if (shown.data.length) {
        domainId = d.id;
        alerts = shown.data;
        break;
      }
    }
    expect(alerts?.length).toBeGreaterThan(0);
    seeded = (await api.get<{ data: Row[] }>(`${NOTIFICATIONS}${filtered({ domain_id: domainId })}`)).data;
  });

  it('lists the seeded notifications and the alerts they sent', async () => {
    await t.page.goto(`./#/${ACCURANKER}/${domainId}/show/notifications`);
    const tab = t.page.getByTestId('rank-notifications');
    const rows = tab.getByTestId('rank-notification');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(seeded.length);
    // Each watched keyword is a chip naming its device and position.
    expect(await rows.first().getByTestId('watched-keyword').first().innerText()).toMatch(
      / \((Desktop|Mobile)\) top \d+$/,
    );
    const shown = tab.getByTestId('rank-alert');
    await shown.first().waitFor();
    expect(await shown.count()).toBe(alerts.length);
    expect(await shown.first().innerText()).toMatch(/(fell to #\d+|fell out of the results|is back at #\d+)/);
    expect(await shown.first().getByTestId('alert-delivery').first().innerText()).toMatch(/: sent$/);
    expect(t.errors).toEqual([]);
  });

  it('adds a notification (refusing a bad phone number first), edits its position and deletes it', async () => {
    const keyword = (
      await api.get<{ data: Row[] }>(
        `${KEYWORDS}${filtered({ domain_id: domainId }, '&sortBy=search_volume&sortOrder=ASC')}`,
      )
    ).data[0]!;
    const name = `${String(keyword.keyword)} (${String(keyword.device)})`;
    await t.page.goto(`./#/${ACCURANKER}/${domainId}/show/notifications`);
    const tab = t.page.getByTestId('rank-notifications');
    await tab.getByTestId('rank-notification').first().waitFor();
    await tab.getByRole('button', { name: 'Add notification' }).click();

    const dialog = t.page.getByRole('dialog', { name: 'Add notification' });
    await dialog.getByLabel('Keyword 1', { exact: true }).fill(String(keyword.keyword));
    await t.page.getByRole('option').filter({ hasText: name }).first().click();
    await dialog.getByLabel('Top', { exact: true }).fill('5');
    await dialog.getByLabel('Phone (SMS)').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a phone number in international format (+4915112345678)').waitFor();

    await dialog.getByLabel('Phone (SMS)').fill('+44 7700 900999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const added = tab.getByTestId('rank-notification').filter({ hasText: '+447700900999' });
    await added
      .getByTestId('watched-keyword')
      .filter({ hasText: `${name} top 5` })
      .waitFor();
    const stored = (
      await api.get<{ data: Row[] }>(`${NOTIFICATIONS}${filtered({ domain_id: domainId })}`)
    ).data.find((n) => n.phone_number === '+447700900999');
    expect(stored?.keywords).toEqual({ [String(keyword.id)]: 5 });

    await added.getByRole('button', { name: 'Edit notification' }).click();
    const edit = t.page.getByRole('dialog', { name: 'Edit notification' });
    await edit.getByLabel('Top', { exact: true }).fill('3');
    await edit.getByLabel('E-mail').fill('rankings@sitefleet.example');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await added
      .getByTestId('watched-keyword')
      .filter({ hasText: `${name} top 3` })
      .waitFor();
    await added.getByText('rankings@sitefleet.example').waitFor();

    await added.getByRole('button', { name: 'Delete notification' }).click();
    await t.page
      .getByRole('dialog', { name: 'Delete this notification?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await added.waitFor({ state: 'detached' });
    expect(await tab.getByTestId('rank-notification').count()).toBe(seeded.length);
    expect(t.errors).toEqual([]);
  });
});
