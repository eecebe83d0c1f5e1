import { describe, expect, inject, it } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';

describe('sign-in', () => {
  const t = browserSuite();

  it('keeps Login disabled until both fields are filled', async () => {
    const login = new LoginPage(t.page);
    await login.goto();
    expect(await login.button().isDisabled()).toBe(true);
    await login.email().fill('someone@example.com');
    expect(await login.button().isDisabled()).toBe(true);
    await login.password().fill('x');
    expect(await login.button().isEnabled()).toBe(true);
    await login.email().fill('');
    expect(await login.button().isDisabled()).toBe(true);
  });

  it("says 'Login failed. Please try again.' for a wrong password", async () => {
    const login = new LoginPage(t.page);
    await login.goto();
    await login.fill(inject('adminEmail'), 'not-the-password');
    await login.button().click();
    await expect.poll(() => login.alert().innerText()).toBe('Login failed. Please try again.');
    expect(await t.page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  });

  it('signs in, keeps the local session, and signs out', async () => {
    const login = new LoginPage(t.page);
    await login.signIn(inject('adminEmail'), inject('adminPassword'));
    await t.page.getByText('Please select a Money Site').waitFor();
    const session = await t.page.evaluate(() =>
      Object.fromEntries(
        ['id_token', 'auth_type', 'exp', 'expires_in', 'user_id', 'roles'].map((k) => [
          k,
          localStorage.getItem(k),
        ]),
      ),
    );
    expect(session.id_token).toBeTruthy();
    expect(session.auth_type).toBe('password');
    expect(Number(session.exp)).toBeGreaterThan(Date.now() / 1000);
    expect(Number(session.expires_in)).toBeGreaterThan(0);
    expect(Number(session.user_id)).toBeGreaterThan(0);
    expect(session.roles?.split(',')).toContain('ADMIN');

    await new Shell(t.page).logout();
    await login.email().waitFor();
    expect(await t.page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    await t.page.goto('./#/ums/api/v1/users');
    await new LoginPage(t.page).email().waitFor();
    expect(t.page.url()).toContain('#/login');
  });
});
