import { resources } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CronRunPage } from '../pages/CronRunPage';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { Shell } from '../pages/Shell';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const DMS_RUNS = resources.cronJobs.dms.path;

interface Run {
  id: number;
  remaining_jobs: number;
}

/** Waits (outside a test, so without expect.poll) until a run has no jobs left. */
async function finished(api: Api, id: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await api.get<{ data: Run }>(`${DMS_RUNS}/${id}`)).data.remaining_jobs > 0) {
    if (Date.now() > deadline) throw new Error(`cron run ${id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('jobs: cron runs list and page (SPEC §2.5)', () => {
  const t = browserSuite({ signedIn: true });
  let site: LocalSite;
  let prune: number;
  let check: number;

  beforeAll(async () => {
    const api = await adminApi();
    site = await startSite({ '/': { html: html('Home', '<p>A sponsored post.</p>') } });
    prune = (
      await api.post<{ cron_id: number }>('dms/api/v1/artisan', {
        command: 'cron:prune',
        arguments: { days: 3650 },
      })
    ).cron_id;
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a later start_time
    check = (
      await api.post<{ cron_id: number }>('dms/api/v1/backlinks/keyword-checker', {
        keywords: 'sponsored',
        keyword_delimiter: 'newline',
        pages: site.url('/'),
        page_delimiter: 'newline',
      })
    ).cron_id;
    await finished(api, prune);
    await finished(api, check);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists the newest runs first with their counts, filters by command and opens a run', async () => {
    await new Shell(t.page).openMenuEntry('DMS cron jobs');
    const list = new ListPage(t.page, DMS_RUNS);
    await list.waitForData();
    expect(await list.headers()).toEqual([
      'Command',
      'Start time',
      'End time',
      'Total time',
      'Remaining',
      'Successful',
      'Failed',
      'Status',
    ]);
    // read only: no selection column, the command is the first cell
    const first = list.rows().first().locator('td');
    expect(await first.nth(0).innerText()).toBe('backlinks:keyword-check');
    expect((await first.allInnerTexts()).slice(4).map((c) => c.trim())).toEqual(['0', '1', '0', 'Completed']);

    await t.page.getByRole('textbox', { name: 'Command' }).fill('prune');
    await expect.poll(() => list.filterParam()).toEqual({ command: 'prune' });
    const commands = async () =>
      [...new Set(await list.rows().locator('td:nth-child(1)').allInnerTexts())].map((c) => c.trim());
    await expect.poll(commands).toEqual(['cron:prune']);

    await list.rows().first().click();
    await t.page.waitForURL(new RegExp(`#/${DMS_RUNS}/${prune}/show$`));
    const run = new CronRunPage(t.page);
    expect(await run.progress()).toBe('1 / 1 (100%)');
    const record = new RecordPage(t.page);
    expect(await record.field('Status').innerText()).toContain('Completed');
    expect(await record.field('Trigger').innerText()).toContain('Console');
    expect(await record.field('Arguments').innerText()).toMatch(/days\s+3650/);
    const [output] = await run.outputs('Success output');
    expect(output!.message).toMatch(/^Deleted \d+ runs older than 3650 days$/);
    expect(t.errors).toEqual([]);
  });

  it('shows the keyword findings of a run, and a list per service', async () => {
    await t.page.goto(`./#/${DMS_RUNS}/${check}/show`);
    const run = new CronRunPage(t.page);
    await run.waitForRun();
    expect((await run.outputs('Success output')).map((o) => o.found)).toEqual([['sponsored']]);

    const shell = new Shell(t.page);
    for (const [label, service] of [
      ['UMMS cron jobs', 'umms'],
      ['Analytics cron jobs', 'analytics'],
    ] as const) {
      await shell.openMenuEntry(label);
      const list = new ListPage(t.page, resources.cronJobs[service].path);
      await t.page.waitForURL(new RegExp(`#/${list.resource}`));
      await list.waitForData();
    }
    expect(t.errors).toEqual([]);
  });
});
