import { describe, expect, it } from 'vitest';
import { ArtisanPage } from '../pages/ArtisanPage';
import { CronRunPage } from '../pages/CronRunPage';
import { RecordPage } from '../pages/RecordPage';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';

const DAYS = 'Keep runs of the last (days)';

describe('jobs: commands (SPEC §6, §7.4)', () => {
  const t = browserSuite({ signedIn: true });

  it('lists the dms commands, runs cron:prune with its days argument and lands on its run', async () => {
    await new Shell(t.page).openMenuEntry('DMS commands');
    const artisan = new ArtisanPage(t.page);
    await artisan.table().waitFor();
    expect(await artisan.commands()).toEqual(
      expect.arrayContaining([
        'cron:prune',
        'domains:refresh',
        'backlinks:deindex-check',
        'backlinks:keyword-check',
        'websites:scan',
      ]),
    );
    const [command, description, schedule, nextRun] = await artisan.cells('cron:prune');
    expect(command).toBe('cron:prune');
    expect(description).toContain('Delete finished dms cron runs');
    expect(schedule).toBe('15 4 * * *');
    expect(nextRun).not.toBe('N/A');

    await artisan.openRun('cron:prune');
    const dialog = artisan.dialog('cron:prune');
    const days = dialog.getByLabel(DAYS);
    expect(await days.inputValue()).toBe('90');
    // refused (by the dialog, or by the server's 422 shown on the input): the dialog stays
    await days.fill('0');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await dialog.getByText(/must be at least 1/i).waitFor();
    expect(await days.inputValue()).toBe('0');
    await days.fill('3650');
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();

    const run = new CronRunPage(t.page);
    const id = await run.waitForRun();
    const record = new RecordPage(t.page);
    expect(await record.field('Command').innerText()).toContain('cron:prune');
    expect(await record.field('Arguments').innerText()).toMatch(/days\s+3650/);
    await run.waitUntilDone(30_000);
    expect(await run.progress()).toBe('1 / 1 (100%)');
    const [output] = await run.outputs('Success output');
    expect(output!.message).toMatch(/^Deleted \d+ runs older than 3650 days$/);

    // the commands page links the last run
    await artisan.goto('dms');
    const lastRun = artisan.row('cron:prune').getByRole('link');
    await expect.poll(() => lastRun.getAttribute('href')).toMatch(new RegExp(`/cron-jobs/${id}/show$`));
    await lastRun.click();
    await t.page.waitForURL(new RegExp(`#/dms/api/v1/cron-jobs/${id}/show$`));
    // the browser logs the refused call itself
    expect(t.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });
});
