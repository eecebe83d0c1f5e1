import { describe, expect, it } from 'vitest';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';

describe('app shell', () => {
  const t = browserSuite({ signedIn: true });

  it('collapses the sidebar to 55 px and remembers it after a reload', async () => {
    const shell = new Shell(t.page);
    expect(await shell.sidebarWidth()).toBe(240);
    await shell.toggleSidebar();
    expect(await shell.sidebarWidth()).toBe(55);
    await t.page.reload();
    await shell.menu().waitFor();
    expect(await shell.sidebarWidth()).toBe(55);
    await shell.toggleSidebar();
    expect(await shell.sidebarWidth()).toBe(240);
  });

  it('shows the version label of the running build', async () => {
    const served = await (await t.page.request.get('version.txt')).text();
    const shell = new Shell(t.page);
    expect(await shell.versionLabel().innerText()).toBe(`v${served.trim().split('+')[0]}`);
  });

  it('offers a reload when the server has a newer version.txt', async () => {
    let cacheBusted = false;
    await t.page.route('**/version.txt*', (route) => {
      cacheBusted ||= /[?&]t=\d+/.test(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: '9.9.9+newer' });
    });
    await t.page.reload();
    const dialog = t.page.getByRole('dialog', { name: /New version available/ });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('9.9.9+newer');
    expect(cacheBusted).toBe(true);
    await dialog.getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("says 'Error fetching heartbeat' when a service does not answer", async () => {
    await t.page.route('**/nms/health/heartbeat', (route) => route.fulfill({ status: 503, body: '' }));
    await t.page.reload();
    await t.page.getByText('Error fetching heartbeat').waitFor();
    expect(await new Shell(t.page).heartbeats().innerText()).toContain('nms —');
  });

  it('shows breadcrumbs for the current screen', async () => {
    const shell = new Shell(t.page);
    await shell.openMenuEntry('Roles');
    await t.page.locator('.RaDataTable-table').waitFor();
    expect((await shell.breadcrumbs().innerText()).replace(/\s+/g, ' ').trim()).toBe('Administration Roles');
  });

  it('opens the dashboard with the money-site prompt until a live money site is picked, and remembers it', async () => {
    await t.page.getByText('Please select a Money Site').waitFor();
    const picker = t.page.getByLabel('Money site');
    expect(await picker.isDisabled()).toBe(false);
    await picker.click();
    const options = t.page.getByRole('option');
    await options.first().waitFor();
    const site = (await options.first().innerText()).trim();
    await options.first().click();
    await t.page.getByTestId('dashboard-site').getByText(site).waitFor();
    expect(await t.page.getByText('Please select a Money Site').count()).toBe(0);
    await t.page.reload();
    await t.page.getByTestId('dashboard-site').getByText(site).waitFor();
    // The picker fills its input once its choices have loaded, which may be after the panels name the site.
    await expect.poll(() => t.page.getByLabel('Money site').inputValue()).toBe(site);
  });
});
