import type { Page } from 'playwright-core';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Show, edit and create pages of a record. */
export class RecordPage {
  constructor(readonly page: Page) {}

  input = (label: string) => this.page.getByLabel(label, { exact: false }).first();
  /** The helper text (validation or server error) under the input with this label. */
  async helperText(label: string): Promise<string> {
    const id = await this.input(label).getAttribute('id');
    return (await this.page.locator(`[id="${id}-helper-text"]`).innerText()).replace(/\u200b/g, '').trim();
  }
  saveButton = () => this.page.getByRole('button', { name: 'Save' });
  /** A labelled value of a show page (the label drawn above it). */
  field = (label: string) =>
    this.page
      .locator('.RaLabeled-label', { hasText: new RegExp(`^${escape(label)}$`) })
      .first()
      .locator('xpath=..');
  /** The link inside a labelled value (a reference to another record). */
  fieldLink = (label: string) => this.field(label).getByRole('link').first();
  title = () => this.page.getByRole('navigation', { name: 'breadcrumb' }).locator('li').last();
  confirmDialog = () => this.page.getByRole('dialog');
  tab = (label: string) => this.page.getByRole('tab', { name: label });

  async save() {
    await this.saveButton().click();
  }

  /** Clicks Delete and returns the confirmation text; confirms unless told not to. */
  async delete(confirm = true): Promise<string> {
    await this.page.getByRole('button', { name: 'Delete' }).click();
    const dialog = this.confirmDialog();
    await dialog.waitFor();
    const text = (await dialog.innerText()).trim();
    await dialog.getByRole('button', { name: confirm ? 'Confirm' : 'Cancel' }).click();
    return text;
  }

  async dateCards(): Promise<{ created: string; updated: string }> {
    return {
      created: (await this.page.getByTestId('date-Created at').innerText()).trim(),
      updated: (await this.page.getByTestId('date-Updated at').innerText()).trim(),
    };
  }
}
