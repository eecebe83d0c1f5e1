import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { SecretValue } from '../pages/SecretValue';
import { Shell } from '../pages/Shell';
import { adminApi, findOne, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const MASK = '••••••••';
/**
 * What Chromium logs for answers of 401 and 422 is expected here: the reveal asking for the password and
 * the refused wrong one.
 */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of (401|422)/.test(e));

describe('inventory: secrets are masked until revealed', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let siteId = 0;

  beforeAll(async () => {
    api = await adminApi();
  });

  it("asks for the password, reveals a website's Google account password, and masks it again", async () => {
    const site = await findOne<{ id: number }>(api, resources.websites.path, {
      type: 'MONEY',
      status: 'LIVE',
    });
    siteId = site.id;
    await t.page.goto(`./#/${resources.websites.path}/${site.id}/show`);
    const secret = new SecretValue(t.page, 'google_account.password');
    await secret.root().waitFor();
    expect(await secret.value()).toBe(MASK);
    // A fresh session has confirmed nothing: the server asks for the password before it reveals.
    await secret.root().getByRole('button', { name: 'Reveal' }).click();
    await secret.stepUpDialog().waitFor();
    await secret.stepUpDialog().getByLabel('Password').fill('not my password at all');
    await secret.stepUpDialog().getByRole('button', { name: 'Confirm' }).click();
    await secret.stepUpDialog().getByText('Password confirmation failed').waitFor();
    expect(await secret.value()).toBe(MASK);
    await secret.confirm(inject('adminPassword'));
    await secret.root().getByRole('button', { name: 'Hide' }).waitFor();

    await api.post('ums/auth/step-up', { password: inject('adminPassword') });
    const { data } = await api.post<{ data: { value: string } }>(
      `${resources.websites.path}/${site.id}/reveal`,
      { field: 'google_account.password' },
    );
    expect(await secret.value()).toBe(data.value);
    expect(t.page.url()).not.toContain(data.value);
    await secret.hide();
    expect(await secret.value()).toBe(MASK);
    expect(await t.page.getByText(data.value).count()).toBe(0);
    expect(unexpected(t.errors)).toEqual([]);
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
    await secret.reveal(inject('adminPassword'));
    expect(await secret.value()).not.toBe(MASK);
    expect((await secret.value()).length).toBeGreaterThan(0);
    await secret.hide();
    expect(await secret.value()).toBe(MASK);
    expect(unexpected(t.errors)).toEqual([]);
  });

  it('shows an admin who revealed what, and when, on the audit log screen', async () => {
    expect(siteId).toBeGreaterThan(0);
    expect(await new Shell(t.page).menuEntries()).toContain('Audit log');
    const list = new ListPage(t.page, resources.auditLog.path);
    const filter = { action: 'reveal_secret', target: `websites/${siteId}` };
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    const row = list.rows().first();
    await row.getByText(inject('adminEmail')).waitFor();
    const text = await row.innerText();
    expect(text).toContain('reveal_secret');
    expect(text).toContain(`websites/${siteId}`);
    expect(text).toContain('"field":"google_account.password"');
    expect(unexpected(t.errors)).toEqual([]);
  });
});
