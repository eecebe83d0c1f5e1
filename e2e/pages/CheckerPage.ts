import type { Page } from 'playwright-core';

export type DelimiterLabel = 'Comma' | 'Semicolon' | 'New line';

/** The deindex or keyword checker form. */
export class CheckerPage {
  constructor(
    readonly page: Page,
    readonly path: string,
  ) {}

  textbox = (label: string) => this.page.getByRole('textbox', { name: label, exact: true });
  count = (source: string) => this.page.getByTestId(`${source}-count`);
  failure = () => this.page.getByTestId('checker-failure');
  runButton = () => this.page.getByRole('button', { name: 'Run', exact: true });
  warning = () => this.page.getByRole('alert').filter({ hasText: 'No proxies are used' });

  async goto() {
    await this.page.goto(`./#/${this.path}`);
    await this.runButton().waitFor();
  }

  /** Picks a delimiter in a group: 'Domain delimiter', 'Keyword delimiter', 'Page delimiter'. */
  async chooseDelimiter(group: string, delimiter: DelimiterLabel) {
    await this.page.getByRole('group', { name: group }).getByLabel(delimiter).check();
  }

  /** The helper text under a list's textbox (validation or server error). */
  async helperText(label: string): Promise<string> {
    const id = await this.textbox(label).getAttribute('id');
    return (await this.page.locator(`[id="${id}-helper-text"]`).innerText()).replace(/\u200b/g, '').trim();
  }
}
