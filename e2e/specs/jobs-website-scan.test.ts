import { resources } from '@sitefleet/shared';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CronRunPage } from '../pages/CronRunPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const WEBSITES = resources.websites.path;

/** The cell texts of each row of a table. */
const cellTexts = async (rows: Locator) =>
  Promise.all(
    (await rows.all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((c) => c.trim())),
  );

describe('jobs: website scan, Pages and Indexed History tabs (SPEC §2.5, §7.5)', () => {
  const t = browserSuite({ signedIn: true });
  let site: LocalSite;
  let websiteId: number;

  beforeAll(async () => {
    site = await startSite({
      '/': {
        html: html(
          'Home',
          '<p><a href="/about.html">About us</a></p>' +
            '<p><a href="https://partner.example/shop" rel="sponsored nofollow">Partner shop</a></p>',
        ),
      },
      '/about.html': {
        html: html('About', '<p><a href="/">Home</a> <a href="https://news.example/story">A story</a></p>'),
      },
    });
    const api = await adminApi();
    websiteId = (
      await api.post<{ data: { id: number } }>(WEBSITES, { url: site.url('/'), target_market: 'All' })
    ).data.id;
  });
  afterAll(async () => {
    await site?.close();
  });

  it('scans the site from its show page and lists its pages and outbound links', async () => {
    await t.page.goto(`./#/${WEBSITES}/${websiteId}/show`);
    await t.page.getByRole('button', { name: 'Scan site' }).click();
    const run = new CronRunPage(t.page);
    await run.waitForRun();
    const record = new RecordPage(t.page);
    expect(await record.field('Command').innerText()).toContain('websites:scan');
    await run.waitUntilDone(60_000);
    const pages = (await run.outputs('Success output')).map((o) => o.key);
    expect(pages).toEqual(expect.arrayContaining([site.url('/'), site.url('/about.html')]));
    expect(await run.outputs('Failure output')).toEqual([]);

    await t.page.goto(`./#/${WEBSITES}/${websiteId}/show/pages`);
    const links = t.page.getByTestId('reference-list-website-links');
    await links.locator('.RaDataTable-row').first().waitFor();
    const rows = await cellTexts(links.locator('.RaDataTable-tbody .RaDataTable-row'));
    // page, link, anchor, rel, hits: outbound links only
    expect(rows).toEqual(
      expect.arrayContaining([
        [
          '/',
          'https://partner.example/shop',
          'Partner shop',
          expect.stringMatching(/sponsored\s*nofollow/),
          '1',
        ],
        ['/about.html', 'https://news.example/story', 'A story', 'N/A', '1'],
      ]),
    );
    expect(rows).toHaveLength(2);

    // the page cell opens the page itself
    expect(await links.getByRole('link', { name: '/about.html' }).getAttribute('href')).toBe(
      site.url('/about.html'),
    );

    await t.page.getByRole('button', { name: 'Scanned pages' }).click();
    const scanned = t.page.getByTestId('reference-list-website-pages');
    await scanned.locator('.RaDataTable-row').first().waitFor();
    const pageRows = await cellTexts(scanned.locator('.RaDataTable-tbody .RaDataTable-row'));
    expect(pageRows.map((r) => r.slice(0, 5)).sort()).toEqual(
      [
        ['/', '200', 'Home', '1', '1'],
        ['/about.html', '200', 'About', '1', '1'],
      ].sort(),
    );

    await record.tab('Indexed History').click();
    await t.page.getByTestId('reference-list-indexed-history').getByText('No Rows Found :(').waitFor();
    expect(t.errors).toEqual([]);
  });
});
