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

  async sidebarWidth(): Promise<number> {
    const box = await this.page
      .locator('.RaSidebar-docked .MuiDrawer-paper, .MuiDrawer-docked .MuiDrawer-paper')
      .first()
      .boundingBox();
    return Math.round(box?.width ?? 0);
  }

  async toggleSidebar() {
    await this.page.getByRole('button', { name: /(open|close) menu/i }).click();
    await this.page.waitForTimeout(400); // the drawer animates its width
  }

  async openMenuEntry(label: string) {
    await this.menu().getByRole('menuitem', { name: label }).click();
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Profile' }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
