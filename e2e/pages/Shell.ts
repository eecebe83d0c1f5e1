import type { Page } from 'playwright-core';

/** The frame around every screen: top bar, sidebar menu, notifications. */
export class Shell {
  constructor(readonly page: Page) {}

  menu = () => this.page.getByTestId('main-menu');
  heartbeats = () => this.page.getByTestId('heartbeats');
  versionLabel = () => this.page.getByTestId('version-label');
  breadcrumbs = () => this.page.getByRole('navigation', { name: 'breadcrumb' });
  notification = () => this.page.locator('.MuiSnackbar-root');

  async menuEntries(): Promise<string[]> {
    await this.menu().waitFor();
    return (await this.menu().locator('a[role="menuitem"], a').allInnerTexts())
      .map((t) => t.trim())
      .filter(Boolean);
  }

  async menuGroups(): Promise<string[]> {
    return this.menu()
      .locator('nav')
      .evaluateAll((navs) => navs.map((n) => n.getAttribute('aria-label') ?? ''));
  }

  /** The docked drawer's width once its width transition has finished (getAnimations flushes styles). */
  async sidebarWidth(): Promise<number> {
    const paper = this.page
      .locator('.RaSidebar-docked .MuiDrawer-paper, .MuiDrawer-docked .MuiDrawer-paper')
      .first();
    await paper.waitFor();
    return paper.evaluate(async (el) => {
      await Promise.all(el.getAnimations().map((a) => a.finished));
      return Math.round(el.getBoundingClientRect().width);
    });
  }

  /** Opens or closes the drawer and waits until the menu button says the other state. */
  async toggleSidebar() {
    const button = this.page.getByRole('button', { name: /(open|close) menu/i });
    const before = await button.getAttribute('aria-label');
    await button.click();
    await this.page
      .getByRole('button', { name: /(open|close) menu/i })
      .and(this.page.locator(`:not([aria-label="${before ?? ''}"])`))
      .waitFor();
  }

  async openMenuEntry(label: string) {
    await this.menu().getByRole('menuitem', { name: label }).click();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Profile' }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
