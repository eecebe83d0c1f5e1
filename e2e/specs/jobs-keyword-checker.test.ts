import { DEFAULT_CHECKER_KEYWORDS } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckerPage } from '../pages/CheckerPage';
import { CronRunPage } from '../pages/CronRunPage';
import { RecordPage } from '../pages/RecordPage';
import { Shell } from '../pages/Shell';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const KEYWORD_CHECKER = 'dms/api/v1/backlinks/keyword-checker';
const RUN_GET = /^\/dms\/api\/v1\/cron-jobs\/\d+$/;

describe('jobs: keyword checker (SPEC §2.5, §4, §7.5)', () => {
  const t = browserSuite({ signedIn: true });
  let site: LocalSite;

  beforeAll(async () => {
    site = await startSite({
      '/paid.html': { html: html('Shoe review', '<p>This is a <b>paid post</b> about running shoes.</p>') },
      '/contact.html': {
        html: html('Contact', '<p>Want a link on this blog? <a href="/form">Write for us</a> today.</p>'),
      },
      // slow: it keeps the run going for a few reloads of its page
      '/partners.html': {
        delayMs: 8_000,
        html: html(
          'Partners',
          '<p>Our shop: <a href="https://shop.example/" rel="sponsored nofollow">shoes</a></p>' +
            '<img alt="Guest post banner" src="/banner.png">',
        ),
      },
      '/garden.html': { html: html('Garden', '<p>An ordinary article about growing tomatoes.</p>') },
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('checks local pages for the default keywords and shows what was found where once the run is done', async () => {
    const reloads: number[] = [];
    t.page.on('request', (request) => {
      if (request.method() === 'GET' && RUN_GET.test(new URL(request.url()).pathname))
        reloads.push(Date.now());
    });

    await new Shell(t.page).openMenuEntry('Keyword checker');
    const checker = new CheckerPage(t.page, KEYWORD_CHECKER);
    await checker.runButton().waitFor();
    expect(await checker.warning().innerText()).toContain(
      'No proxies are used: do not run this continuously on the same site.',
    );
    expect((await checker.textbox('Keywords').inputValue()).split('\n')).toEqual([
      ...DEFAULT_CHECKER_KEYWORDS,
    ]);
    expect(await checker.count('keywords').innerText()).toBe(`${DEFAULT_CHECKER_KEYWORDS.length} keywords`);
    const paths = ['/paid.html', '/contact.html', '/partners.html', '/garden.html'];
    await checker.textbox('Pages').fill(paths.map((p) => site.url(p)).join('\n'));
    expect(await checker.count('pages').innerText()).toBe('4 pages');
    await checker.runButton().click();

    const run = new CronRunPage(t.page);
    await run.waitForRun();
    const record = new RecordPage(t.page);
    expect(await record.field('Command').innerText()).toContain('backlinks:keyword-check');
    // the slow page holds the run back: the page says so and keeps reloading
    expect(await run.polling().innerText()).toMatch(/remaining, reloading every 5 s/);
    expect(await run.progress()).toMatch(/^\d \/ 4 \(\d+%\)$/);
    expect(await run.progress()).not.toBe('4 / 4 (100%)');

    await run.waitUntilDone();
    expect(await new Shell(t.page).breadcrumbs().innerText()).toContain('backlinks:keyword-check');
    expect(await run.progress()).toBe('4 / 4 (100%)');
    expect(await run.progressBar().getAttribute('aria-valuenow')).toBe('100');
    expect(reloads.length).toBeGreaterThan(1);
    // No jobs remain: the page says so and its reload spinner is gone (both follow the value that stops
    // its reloads), and no reload comes while the outputs below are read.
    await run.polling().getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await run.polling().innerText()).toBe('No jobs remaining');
    const settled = reloads.length;

    const results = await run.outputs('Success output');
    const byPath = new Map(results.map((r) => [new URL(r.key).pathname, r]));
    expect([...byPath.keys()].sort()).toEqual([...paths].sort());
    expect(byPath.get('/paid.html')).toMatchObject({ found: ['paid post'], where: ['Text'] });
    expect(byPath.get('/contact.html')).toMatchObject({ found: ['write for us'], where: ['Link text'] });
    expect(byPath.get('/partners.html')).toMatchObject({
      found: ['sponsored', 'guest post'],
      where: ['Attribute', 'Attribute'],
    });
    expect(byPath.get('/garden.html')).toMatchObject({
      found: [],
      message: 'No keywords found',
      missing: [...DEFAULT_CHECKER_KEYWORDS],
    });
    expect(byPath.get('/paid.html')!.missing).not.toContain('paid post');
    expect(await run.outputs('Failure output')).toEqual([]);
    for (const path of paths) expect(site.requests).toContain(path);
    expect(reloads.length).toBe(settled);
    expect(t.errors).toEqual([]);
  });
});
