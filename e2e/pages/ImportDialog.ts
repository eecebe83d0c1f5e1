import type { Page } from 'playwright-core';

export interface ImportedRow {
  line: string;
  name: string;
  status: string;
  message: string;
}

/** The domains list's bulk CSV import dialog. */
export class ImportDialog {
  constructor(readonly page: Page) {}

  dialog = () => this.page.getByRole('dialog', { name: 'Import domains' });
  summary = () => this.dialog().getByTestId('import-summary');

  async open() {
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    await this.dialog().waitFor();
  }

  /** Picks a file and waits until its rows are listed (the file is read asynchronously). */
  async chooseFile(name: string, content: string) {
    await this.dialog()
      .getByTestId('import-file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await this.dialog().getByText(name, { exact: true }).waitFor();
    await this.dialog().getByTestId('import-row').first().waitFor();
  }

  async rows(): Promise<ImportedRow[]> {
    const rows = this.dialog().getByTestId('import-row');
    const out: ImportedRow[] = [];
    for (const row of await rows.all()) {
      const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
      out.push({ line: cells[0]!, name: cells[1]!, status: cells[3]!, message: cells[4]! });
    }
    return out;
  }

  /** Clicks "Import N domains" and waits for the summary. */
  async run(): Promise<string> {
    await this.dialog()
      .getByRole('button', { name: /^Import \d+ domains?$/ })
      .click();
    await this.summary().waitFor();
    return (await this.summary().innerText()).trim();
  }

  async close() {
    await this.dialog().getByRole('button', { name: 'Close' }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
