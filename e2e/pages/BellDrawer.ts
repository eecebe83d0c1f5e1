import type { Locator, Page } from 'playwright-core';

/** The top bar's notification bell and its drawer (SPEC §2.1). */
export class BellDrawer {
  constructor(readonly page: Page) {}

  bell = () => this.page.getByTestId('notification-bell');
  badge = () => this.bell().locator('.MuiBadge-badge');
  drawer = () => this.page.getByRole('dialog', { name: 'Notifications' });
  tab = (name: 'Notifications' | 'Alerts') =>
    this.drawer().getByRole('tab', { name: new RegExp(`^${name}`) });
  items = () => this.drawer().getByTestId('notification-item');
  item = (title: string) =>
    this.items().filter({
      has: this.page.getByTestId('notification-title').getByText(title, { exact: true }),
    });
  dot = (item: Locator) => item.getByTestId('read-dot');
  empty = () => this.drawer().getByTestId('notifications-empty');

  /** The unread count the bell holds (0 before the first answer too). */
  async unread(): Promise<number> {
    return Number(await this.bell().getAttribute('data-unread'));
  }

  async open() {
    await this.bell().click();
    await this.drawer().waitFor();
  }

  async close() {
    await this.drawer().getByRole('button', { name: 'Close' }).click();
    await this.drawer().waitFor({ state: 'hidden' });
  }

  async showTab(name: 'Notifications' | 'Alerts') {
    await this.tab(name).click();
    await this.page.waitForFunction(
      (label) =>
        [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].some((t) =>
          t.textContent?.startsWith(label),
        ),
      name,
    );
  }
}
