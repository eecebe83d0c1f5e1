import type { Page } from 'playwright-core';

/** A secret on a show page: masked, Reveal → the value with Copy and Hide. */
export class SecretValue {
  constructor(
    readonly page: Page,
    readonly source: string,
  ) {}

  root = () => this.page.getByTestId(`secret-${this.source}`);
  value = async () => (await this.root().getByTestId('secret-value').innerText()).trim();

  stepUpDialog = () => this.page.getByRole('dialog', { name: 'Confirm your password' });

  /**
   * Reveal; when the server asks for the password first (a session confirms it once per 5 minutes), the
   * password is typed into the dialog, which then reveals.
   */
  async reveal(password?: string) {
    await this.root().getByRole('button', { name: 'Reveal' }).click();
    const hide = this.root().getByRole('button', { name: 'Hide' });
    await this.stepUpDialog().or(hide).first().waitFor();
    if (password !== undefined && (await this.stepUpDialog().isVisible())) await this.confirm(password);
    await hide.waitFor();
  }

  /** Types the password into the step-up dialog and confirms it. */
  async confirm(password: string) {
    const dialog = this.stepUpDialog();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async hide() {
    await this.root().getByRole('button', { name: 'Hide' }).click();
    await this.root().getByRole('button', { name: 'Reveal' }).waitFor();
  }
}
