import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { SecretValue } from '../pages/SecretValue';
import { adminApi, findOne, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const MASK = '••••••••';

describe('inventory: secrets are masked until revealed', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  it("reveals a website's Google account password, copies nothing into the URL, and masks it again", async () => {
    const site = await findOne<{ id: number }>(api, resources.websites.path, {
      type: 'MONEY',
      status: 'LIVE',
    });
    const { data } = await api.post<{ data: { value: string } }>(
      `${resources.websites.path}/${site.id}/reveal`,
      {
        field: 'google_account.password',
      },
    );
    await t.page.goto(`./#/${resources.websites.path}/${site.id}/show`);
    const secret = new SecretValue(t.page, 'google_account.password');
    await secret.root().waitFor();
    expect(await secret.value()).toBe(MASK);
    await secret.reveal();
    expect(await secret.value()).toBe(data.value);
    expect(t.page.url()).not.toContain(data.value);
    await secret.hide();
    expect(await secret.value()).toBe(MASK);
    expect(await t.page.getByText(data.value).count()).toBe(0);
    expect(t.errors).toEqual([]);
  });

  it('shows secret environment variables masked in the list and reveals one on its page', async () => {
    const env = await findOne<{ id: number; variable: string }>(api, resources.envs.path, { secret: true });
    const list = new ListPage(t.page, resources.envs.path);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ secret: true }))}`);
    const values = await list.columnTexts(2);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v === MASK)).toBe(true);

    await list.rows().filter({ hasText: env.variable }).first().click();
    await t.page.waitForURL(new RegExp(`/${env.id}/show$`));
    const secret = new SecretValue(t.page, 'secret_value');
    expect(await secret.value()).toBe(MASK);
    await secret.reveal();
    expect(await secret.value()).not.toBe(MASK);
    expect((await secret.value()).length).toBeGreaterThan(0);
    await secret.hide();
    expect(await secret.value()).toBe(MASK);
    expect(t.errors).toEqual([]);
  });
});
