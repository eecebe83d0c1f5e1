import type { Page } from 'playwright-core';

export interface ImportedRow {
  line: string;
  /** The first previewed column (a domain's name, a backlink's page). */
  name: string;
  status: string;
  message: string;
  /** Every previewed cell, by column key. */
  cells: Record<string, string>;
  /** The previewed cells shown in error (their field error as their title), by column key. */
  errors: Record<string, string>;
}

/** A list's bulk CSV import dialog (the generic one of every declared import). */
export class ImportDialog {
  constructor(
    readonly page: Page,
    readonly title = 'Import domains',
  ) {}

  dialog = () => this.page.getByRole('dialog', { name: this.title });
  summary = () => this.dialog().getByTestId('import-summary');
  table = () => this.dialog().getByTestId('import-rows');

  async open() {
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    await this.dialog().waitFor();
  }

  /** Picks a file and waits until its rows are listed and checked by the server (the dry run). */
  async chooseFile(name: string, content: string) {
    await this.dialog()
      .getByTestId('import-file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await this.dialog().getByText(name, { exact: true }).waitFor();
    await this.dialog().getByTestId('import-row').first().waitFor();
    await this.dialog().locator('[data-testid="import-rows"][aria-busy="false"]').waitFor();
  }

  async rows(): Promise<ImportedRow[]> {
    const out: ImportedRow[] = [];
    for (const row of await this.dialog().getByTestId('import-row').all()) {
      const cells: Record<string, string> = {};
      const errors: Record<string, string> = {};
      for (const cell of await row.locator('[data-testid^="import-cell-"]').all()) {
        const key = (await cell.getAttribute('data-testid'))!.replace('import-cell-', '');
        cells[key] = (await cell.innerText()).trim();
        const error = await cell.getAttribute('title');
        if (error) errors[key] = error;
      }
      const text = async (id: string) => (await row.getByTestId(id).innerText()).trim();
      out.push({
        line: await text('import-line'),
        name: Object.values(cells)[0] ?? '',
        status: await text('import-status'),
        message: await text('import-message'),
        cells,
        errors,
      });
    }
    return out;
  }

  /** Clicks "Import N …" and waits for the summary. */
  async run(): Promise<string> {
    await this.dialog()
      .getByRole('button', { name: /^Import \d+ \w+$/ })
      .click();
    await this.summary().waitFor();
    return (await this.summary().innerText()).trim();
  }

  async close() {
    await this.dialog().getByRole('button', { name: 'Close' }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
