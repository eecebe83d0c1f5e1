import type { Page } from 'playwright-core';

/** A secret on a show page: masked, Reveal → the value with Copy and Hide. */
export class SecretValue {
  constructor(
    readonly page: Page,
    readonly source: string,
  ) {}

  root = () => this.page.getByTestId(`secret-${this.source}`);
  value = async () => (await this.root().getByTestId('secret-value').innerText()).trim();

  async reveal() {
    await this.root().getByRole('button', { name: 'Reveal' }).click();
    await this.root().getByRole('button', { name: 'Hide' }).waitFor();
  }

  async hide() {
    await this.root().getByRole('button', { name: 'Hide' }).click();
    await this.root().getByRole('button', { name: 'Reveal' }).waitFor();
  }
}
