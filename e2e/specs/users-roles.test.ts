import { describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, createUser, login, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

describe('users and roles screens', () => {
  const t = browserSuite({ signedIn: true });

  it("creates a user; a password mismatch says 'Password doesn't match' and blocks Save", async () => {
    const email = `${unique('new')}@sitefleet.test`;
    await t.page.goto('./#/ums/api/v1/users/create');
    const record = new RecordPage(t.page);
    await record.input('Name').fill('Nina');
    await record.input('Email').fill(email);
    await t.page.getByLabel('Roles').click();
    await t.page.getByRole('option', { name: 'VIEWER' }).click();
    await t.page.getByLabel('Target markets').click();
    await t.page.getByRole('option', { name: 'Germany' }).click();
    await t.page.keyboard.press('Escape');
    await t.page.getByLabel('New password').fill('a-long-enough-password');
    await t.page.getByLabel('Confirm password').fill('a-different-password');
    await t.page.getByLabel('Confirm password').blur();
    await expect.poll(() => record.helperText('Confirm password')).toBe("Password doesn't match");
    expect(await record.saveButton().isDisabled()).toBe(true);

    await t.page.getByLabel('Confirm password').fill('a-long-enough-password');
    expect(await record.saveButton().isEnabled()).toBe(true);
    await record.save();
    await t.page.waitForURL(/\/show$/);
    await t.page.getByText(email).first().waitFor();
    await record.tab('Access').click();
    await t.page.getByText('Germany').waitFor();
  });

  it('unlocks a locked account from its page, after which its password works again', async () => {
    const api = await adminApi();
    const user = await createUser(api, 'VIEWER');
    for (let i = 0; i < 5; i += 1) await expect(login(user.email, 'not the password')).rejects.toThrow(/401/);
    await expect(login(user.email, user.password)).rejects.toThrow(
      /429.*Too many sign-in attempts; try again at/,
    );

    await t.page.goto(`./#/ums/api/v1/users/${user.id}/show`);
    await t.page.getByRole('button', { name: 'Unlock sign-in' }).click();
    await t.page.getByText('Sign-in unlocked').waitFor();
    await t.page.getByRole('button', { name: 'Unlock sign-in' }).waitFor({ state: 'detached' });
    expect((await login(user.email, user.password)).expires_in).toBeGreaterThan(0);
  });

  it('filters users by role through the reference filter', async () => {
    const list = new ListPage(t.page, 'ums/api/v1/users');
    await list.goto();
    await t.page.getByRole('button', { name: /Advanced Filters/ }).click();
    const dialog = list.dialog('Advanced Filters');
    await dialog.getByLabel('Role').click();
    await t.page.getByRole('option', { name: 'IT', exact: true }).click();
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await list.waitForData();
    await expect.poll(() => list.chips().allInnerTexts()).toEqual(['Role: IT']);
    const rolesColumn = () => list.rows().locator('td:nth-child(5)').allInnerTexts();
    await expect
      .poll(async () => {
        const cells = await rolesColumn();
        return cells.length > 0 && cells.every((cell) => cell.split(/\s+/).includes('IT'));
      })
      .toBe(true);
  });

  it("creates a role from 'Create new role' with grouped permissions, then duplicates it", async () => {
    const name = unique('ROLE');
    const list = new ListPage(t.page, 'ums/api/v1/roles');
    await list.goto();
    await t.page.getByRole('link', { name: 'Create new role' }).click();
    await t.page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Create new role').waitFor();
    const record = new RecordPage(t.page);
    await record.input('Name').fill(name);
    await t.page.getByRole('button', { name: 'dms permissions' }).click();
    await t.page.getByLabel('tags', { exact: true }).check();
    expect(await t.page.getByTestId('permission-count').innerText()).toMatch(/^[1-9]\d* selected$/);
    await record.save();
    await t.page.waitForURL(/\/show$/);
    await record.tab('Permissions').click();
    await t.page.getByText('/dms/api/v1/tags', { exact: true }).first().waitFor();

    await t.page.getByRole('button', { name: 'Duplicate' }).click();
    await t.page.waitForURL(/\/ums\/api\/v1\/roles\/\d+$/);
    expect(await record.input('Name').inputValue()).toBe(`${name}_2`);
  });
});
