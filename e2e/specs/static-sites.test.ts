import { resources } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

/**
 * Static link sites (SPEC §2.5, §4, issue 19): a demo link site on WordPress is converted from its show page's
 * 'static generator' action, its WordPress being a small local site this spec serves; the blocking progress
 * dialog follows the run to its outcome; the websites list's SAWDStatus tab shows the site static with its
 * live release and passed gate, beside the demo's sites on WordPress and its failed gates.
 */

const WEBSITES = resources.websites.path;
type Row = Record<string, unknown>;

describe('static link sites (SPEC §4)', () => {
  const t = browserSuite({ signedIn: true });
  let wp: LocalSite;
  let site: Row;

  beforeAll(async () => {
    const page = (title: string, body: string) =>
      html(
        title,
        `<nav><a href="/">Home</a> <a href="/about/">About</a> <a href="/first-post/">First post</a></nav>${body}`,
      );
    wp = await startSite({
      '/': { html: page('Casino links', '<p>Welcome to the archive.</p>') },
      '/about/': { html: page('About', '<p>Who writes here.</p>') },
      '/first-post/': {
        html: page(
          'First post',
          '<p>A post.</p><form action="/wp-comments-post.php" method="post" id="commentform"><textarea name="comment"></textarea></form>',
        ),
      },
    });
    const api = await adminApi();
    // A demo link site never converted and without a RunCloud alias: the action offers Convert.
    const list = await api.get<{ data: Row[] }>(
      `${resources.staticSites.path}?perPage=100&sortBy=hostname&sortOrder=ASC&filter=${encodeURIComponent(
        JSON.stringify({ static_state: 'wordpress', gate: 'none' }),
      )}`,
    );
    site = list.data.find((r) => r.runcloud_alias_id === null && Number(r.releases) === 0)!;
    expect(site).toBeTruthy();
  });
  afterAll(async () => {
    await wp?.close();
  });

  it("converts a link site from its show page's static generator, following the run in a blocking dialog", async () => {
    await t.page.goto(`./#/${WEBSITES}/${String(site.id)}/show`);
    await t.page.getByRole('button', { name: 'Static generator' }).click();
    expect(await t.page.getByRole('menuitem').allInnerTexts()).toEqual(['Convert to static']);
    await t.page.getByRole('menuitem', { name: 'Convert to static' }).click();
    const confirm = t.page.getByRole('dialog', { name: 'Convert to static' });
    await confirm.getByLabel('WordPress address (crawled)').fill(wp.url('/'));
    await confirm.getByRole('button', { name: 'Convert' }).click();

    const progress = t.page.getByRole('dialog', { name: `Convert to static: ${String(site.hostname)}` });
    await progress.waitFor();
    // Blocking while the run goes on: Escape does not close it.
    await t.page.keyboard.press('Escape');
    await progress.getByTestId('static-outcome').waitFor({ timeout: 60_000 });
    expect(await progress.getByTestId('static-outcome').innerText()).toMatch(
      /release \S+ published: 3 pages/,
    );
    expect(await progress.getByTestId('static-phase').innerText()).toBe('Done');
    await progress.getByRole('button', { name: 'Close' }).click();
    await progress.waitFor({ state: 'hidden' });

    // Now static: the action offers Publish and Rollback.
    await t.page.getByRole('button', { name: 'Static generator' }).click();
    await expect
      .poll(() => t.page.getByRole('menuitem').allInnerTexts())
      .toEqual(['Publish static changes', 'Rollback to WordPress']);
    await t.page.keyboard.press('Escape');
    expect(wp.requests).toEqual(expect.arrayContaining(['/', '/about/', '/first-post/']));
    expect(wp.requests).not.toContain('/wp-comments-post.php');
    expect(t.errors).toEqual([]);
  }, 120_000);

  it('shows each link site’s static state, live release, last publish and gate on the SAWDStatus tab', async () => {
    await t.page.goto(`./#/${WEBSITES}?tab=sawd-status`);
    const rows = t.page.locator('.RaDataTable-tbody tr');
    await rows.first().waitFor();
    expect(await t.page.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['Hostname', 'State', 'Live release', 'Releases', 'Last publish', 'Last gate']),
    );
    const converted = rows.filter({ hasText: String(site.hostname) });
    await expect.poll(() => converted.innerText()).toMatch(/Static/);
    expect(await converted.innerText()).toMatch(/\d{8}T\d{6}Z-r\d+/);
    expect(await converted.getByTestId('static-gate').innerText()).toBe('Passed');
    // The demo's other link sites: some still on WordPress, and gates that failed.
    await expect.poll(() => rows.filter({ hasText: 'WordPress' }).count()).toBeGreaterThan(0);
    await expect
      .poll(() => t.page.getByTestId('static-gate').filter({ hasText: 'Failed' }).count())
      .toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  });
});
