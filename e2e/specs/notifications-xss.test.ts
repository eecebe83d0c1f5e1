import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { BellDrawer } from '../pages/BellDrawer';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';
import { executableIn, RICH_TEXT_FORBIDDEN, settled, XSS_PAYLOADS, xssRan } from '../support/xss';

const NOTIFICATIONS = resources.notifications.path;

describe('notifications: hostile markup never runs (SPEC §5, SECURITY)', () => {
  const t = browserSuite({ signedIn: true });
  const ids: number[] = [];
  const marker = `xss-${Date.now().toString(36)}`;

  beforeAll(async () => {
    const api = await adminApi();
    const adminId = (await api.get<{ data: { id: number } }>('ums/api/v1/users/me')).data.id;
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const { data } = await api.post<{ data: { id: number } }>(NOTIFICATIONS, {
        // the title is text: markup in it must show as typed
        title: `${marker} ${i} <img src=x onerror=window.__xss=1>`,
        message: `<p>Payload ${i}</p>${payload}`,
        type: i % 3 === 0 ? 'ALERT' : 'INFO',
        user_id: adminId,
      });
      ids.push(data.id);
    }
  });

  it('renders ~30 payloads in the drawer without running any of them', async () => {
    const dialogs: string[] = [];
    t.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await t.page.reload();
    const bell = new BellDrawer(t.page);
    await bell.open();
    for (const tab of ['Notifications', 'Alerts'] as const) {
      await bell.showTab(tab);
      const mine = bell.items().filter({ hasText: marker });
      await mine.first().waitFor();
      // expand any cut message, so the full rich text is in the page
      for (const more of await bell.drawer().getByRole('button', { name: 'Show more' }).all())
        await more.click();
      expect(await mine.count()).toBe(
        XSS_PAYLOADS.filter((_, i) => (tab === 'Alerts') === (i % 3 === 0)).length,
      );
      expect(await executableIn(bell.drawer())).toEqual([]);
      expect(await executableIn(mine.getByTestId('notification-message'), RICH_TEXT_FORBIDDEN)).toEqual([]);
      expect(await mine.getByTestId('notification-title').first().innerText()).toContain(
        '<img src=x onerror=window.__xss=1>',
      );
    }
    // hover and focus what is there, in case a handler slipped through
    for (const message of await bell.drawer().getByTestId('notification-message').all())
      await message.hover();
    await settled(t.page);
    expect(await xssRan(t.page)).toBe(false);
    expect(dialogs).toEqual([]);
  });

  it('renders each of them on its show page without running it', async () => {
    const dialogs: string[] = [];
    t.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const [i, id] of ids.entries()) {
      await t.page.goto(`./#/${NOTIFICATIONS}/${id}/show`);
      const message = t.page.getByTestId('notification-message');
      await message.getByText(`Payload ${i}`, { exact: true }).waitFor();
      expect(await executableIn(message, RICH_TEXT_FORBIDDEN), `payload ${i}`).toEqual([]);
      expect(await executableIn(t.page.locator('main')), `payload ${i}`).toEqual([]);
    }
    await settled(t.page);
    expect(await xssRan(t.page)).toBe(false);
    expect(dialogs).toEqual([]);
  }, 120_000);
});
