import type { Page } from 'playwright-core';

/** A service's commands (`#/artisan/dms`) and the run dialog. */
export class ArtisanPage {
  constructor(readonly page: Page) {}

  table = () => this.page.getByRole('table', { name: 'Commands' });
  row = (command: string) => this.page.locator(`[data-testid="command-row"][data-command="${command}"]`);
  dialog = (command: string) => this.page.getByRole('dialog', { name: `Run ${command}` });

  async goto(service: string) {
    await this.page.goto(`./#/artisan/${service}`);
    await this.table().waitFor();
  }

  async commands(): Promise<string[]> {
    return this.page
      .getByTestId('command-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-command') ?? ''));
  }

  /** The texts of a command's row: command, description, schedule, next run, last run. */
  async cells(command: string): Promise<string[]> {
    return (await this.row(command).locator('td').allInnerTexts()).map((t) => t.trim());
  }

  async openRun(command: string) {
    await this.page.getByRole('button', { name: `Run ${command}`, exact: true }).click();
    await this.dialog(command).waitFor();
  }
}
