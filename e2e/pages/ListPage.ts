import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** A resource list (SPEC §2.7): table, column chooser, filters, chips, exports. */
export class ListPage {
  constructor(
    readonly page: Page,
    readonly resource: string,
  ) {}

  table = () => this.page.locator('.RaDataTable-table');
  rows = () => this.page.locator('.RaDataTable-tbody .RaDataTable-row');
  chips = () => this.page.getByTestId('filter-chips').locator('.MuiChip-root');
  empty = () => this.page.getByText('No Rows Found :(');
  dialog = (name: string) => this.page.getByRole('dialog', { name });

  async goto(query = '') {
    await this.page.goto(`./#/${this.resource}${query}`);
    await this.waitForData();
  }

  /** Waits until the table (or the empty state) shows and no list request is running. */
  async waitForData() {
    await this.page.locator('.RaDataTable-table, [data-testid="no-rows"]').first().waitFor();
    await this.page.waitForLoadState('networkidle');
  }

  async headers(): Promise<string[]> {
    const texts = await this.page.locator('.RaDataTable-headerCell').allInnerTexts();
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  async columnTexts(index: number): Promise<string[]> {
    // +1: the first cell of a row is the selection checkbox
    return (
      await this.rows()
        .locator(`td:nth-child(${index + 2})`)
        .allInnerTexts()
    ).map((t) => t.trim());
  }

  async chooseColumns(toggle: string[]) {
    await this.page.getByRole('button', { name: 'Columns' }).click();
    const dialog = this.dialog('Configuration');
    for (const label of toggle) await dialog.getByLabel(label, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async advancedFilter(values: Record<string, string>) {
    await this.page.getByRole('button', { name: /Advanced Filters/ }).click();
    const dialog = this.dialog('Advanced Filters');
    for (const [label, value] of Object.entries(values))
      await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Filter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForData();
  }

  /** Types into Search and waits for the list request carrying it (after the input's debounce). */
  async search(text: string) {
    const answered = this.page.waitForResponse(
      (r) => r.url().includes(this.resource) && decodeURIComponent(r.url()).includes(text),
    );
    await this.page.getByRole('textbox', { name: 'Search' }).fill(text);
    await answered;
    await this.waitForData();
  }

  async removeChip(text: string) {
    await this.chips().filter({ hasText: text }).locator('.MuiChip-deleteIcon').click();
    await this.waitForData();
  }

  /** Chooses Export → CSV or Excel and returns the downloaded file. */
  async exportFile(format: 'CSV' | 'Excel'): Promise<{ name: string; bytes: Buffer }> {
    await this.page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('menuitem', { name: new RegExp(`Export to ${format}`) }).click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  }

  async exportCsv(): Promise<string> {
    const { bytes } = await this.exportFile('CSV');
    return bytes.toString('utf8').replace(/^\ufeff/, '');
  }

  filterParam(): Record<string, unknown> {
    const hash = new URL(this.page.url()).hash;
    const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
    return JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
  }
}
