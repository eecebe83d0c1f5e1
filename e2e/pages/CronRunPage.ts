import type { Page } from 'playwright-core';

export interface OutputRow {
  key: string;
  message: string;
  /** The keyword checker's findings: keywords found, and those not found. */
  found: string[];
  /** Where each found keyword was, as the chips say: "Text", "Link text", "Attribute" (joined by ", "). */
  where: string[];
  missing: string[];
}

type Panel = 'Success output' | 'Failure output';

/** A cron run's page: header, progress bar and the two output panels. */
export class CronRunPage {
  constructor(readonly page: Page) {}

  progressLabel = () => this.page.getByTestId('cron-progress-label');
  progressBar = () => this.page.getByRole('progressbar', { name: 'Progress' });
  polling = () => this.page.getByTestId('cron-polling');
  panel = (name: Panel) => this.page.getByRole('region', { name });

  /** Waits until a run's page shows and returns the run's id. */
  async waitForRun(service = 'dms'): Promise<number> {
    await this.page.waitForURL(new RegExp(`#/${service}/api/v1/cron-jobs/\\d+/show$`));
    await this.progressLabel().waitFor();
    return Number(/cron-jobs\/(\d+)\/show/.exec(this.page.url())![1]);
  }

  async progress(): Promise<string> {
    return (await this.progressLabel().innerText()).trim();
  }

  /** Waits until the page says no jobs remain (it reloads itself every 5 s until then). */
  async waitUntilDone(timeout = 90_000) {
    await this.polling().filter({ hasText: 'No jobs remaining' }).waitFor({ timeout });
  }

  /** The items of a panel, once the run's outputs are loaded. */
  async outputs(name: Panel): Promise<OutputRow[]> {
    await this.panel(name).waitFor();
    await this.panel(name).getByTestId('output-loading').waitFor({ state: 'detached' });
    const trimmed = (texts: string[]) => texts.map((t) => t.trim());
    const rows: OutputRow[] = [];
    for (const item of await this.panel(name).getByTestId('output-item').all()) {
      const found = item.getByTestId('keyword-found');
      const whereCells = await found.locator('td:nth-child(2)').all();
      rows.push({
        key: (await item.getByTestId('output-key').innerText()).trim(),
        message: (await item.getByTestId('output-message').innerText()).trim(),
        found: trimmed(await found.locator('td:nth-child(1)').allInnerTexts()),
        where: await Promise.all(
          whereCells.map(async (cell) =>
            trimmed(await cell.locator('.MuiChip-label').allInnerTexts()).join(', '),
          ),
        ),
        missing: trimmed(await item.getByTestId('keyword-missing').allInnerTexts()),
      });
    }
    return rows;
  }
}
