import { actionPath, actions, resources, type ActionResponse } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CronRunPage } from '../pages/CronRunPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, isDemoHost, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite } from '../support/site';

const WEBSITES = resources.websites.path;
type Directory = ActionResponse<typeof actions.backlinks.websiteDirectory>['data'];
type Site = { id: number; hostname: string; type: string };

const directoryOf = async (api: Api, id: number) =>
  (await api.get<{ data: Directory }>(actionPath(actions.backlinks.websiteDirectory, { id: String(id) })))
    .data;
const sitesOfType = async (api: Api, type: string) =>
  (
    await api.get<{ data: Site[] }>(
      `${WEBSITES}?perPage=100&filter=${encodeURIComponent(JSON.stringify({ type }))}`,
    )
  ).data;

describe('website show, Directory tab (SPEC §2.5, issue 18)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let directories: Site[];

  beforeAll(async () => {
    api = await adminApi();
    directories = await sitesOfType(api, 'DIRECTORY');
  });

  const tab = () => t.page.getByTestId('website-directory');
  const rows = () => tab().getByTestId('directory-listing');
  const count = (label: string) => tab().locator(`[data-testid="directory-count"][data-label="${label}"] h5`);

  it("shows a demo directory's counts and listings, filters them by rel and site, and opens a linked site", async () => {
    // The demo directory with the most listings linking to one of the portfolio's sites.
    const all = await Promise.all(
      directories.map(async (s) => ({ site: s, d: await directoryOf(api, s.id) })),
    );
    const { site, d } = all.reduce((a, b) =>
      (b.d.portfolio_sites[0]?.listings ?? 0) > (a.d.portfolio_sites[0]?.listings ?? 0) ? b : a,
    );
    await t.page.goto(`./#/${WEBSITES}/${site.id}/show`);
    await new RecordPage(t.page).tab('Directory').click();
    await rows().first().waitFor();
    expect(await count('Listings').innerText()).toBe(String(d.counts.listings));
    expect(await count('Portfolio sites linked').innerText()).toBe(String(d.counts.portfolio_sites));
    expect(await count('External targets').innerText()).toBe(String(d.counts.external_targets));
    expect(await count('Listings gone (404/410)').innerText()).toBe(String(d.counts.gone));
    expect(await rows().count()).toBe(d.counts.listings);
    expect(await tab().getByTestId('directory-scanned').innerText()).toMatch(/^From the scan of /);
    // A listing shows its title and page, its category, the site it links to with its type and status.
    const listing = d.listings.find((l) => l.links.some((x) => x.website) && l.categories.length)!;
    const row = rows().filter({ hasText: new URL(listing.url).pathname });
    expect(await row.innerText()).toContain(listing.title!);
    expect(await row.innerText()).toContain(listing.categories[0]!.name);
    const target = listing.links.find((x) => x.website)!.website!;
    expect(await row.getByRole('link', { name: target.hostname }).getAttribute('href')).toBe(
      `#/${WEBSITES}/${target.id}/show`,
    );
    if (d.counts.gone) expect(await rows().filter({ hasText: '404 Gone' }).count()).toBe(d.counts.gone);

    // Only the listings with a sponsored link, then only those of the most linked site.
    await tab().getByRole('combobox', { name: 'Rel' }).click();
    await t.page.getByRole('option', { name: 'sponsored', exact: true }).click();
    const sponsored = d.listings.filter((l) => l.links.some((x) => x.rel.includes('sponsored'))).length;
    await expect.poll(() => rows().count()).toBe(sponsored);
    for (const text of await rows().allInnerTexts()) expect(text).toContain('sponsored');
    await tab().getByRole('combobox', { name: 'Rel' }).click();
    await t.page.getByRole('option', { name: 'Any rel' }).click();
    const top = d.portfolio_sites[0]!;
    await tab().getByRole('combobox', { name: 'Links to' }).click();
    await t.page.getByRole('option', { name: `${top.hostname} (${top.listings})`, exact: true }).click();
    await expect.poll(() => rows().count()).toBe(top.listings);
    await tab().getByText(`${top.listings} of ${d.counts.listings} listings match the filters`).waitFor();

    // Sorted by the site they link to, and on to that site's page.
    await tab().getByRole('button', { name: 'Links to' }).click();
    await rows().first().getByRole('link', { name: top.hostname }).click();
    await t.page.waitForURL(new RegExp(`#/${WEBSITES}/${top.id}/show$`));
    await new RecordPage(t.page).title().filter({ hasText: top.hostname }).waitFor();
    expect(t.errors).toEqual([]);
  });

  it('shows listings on every demo directory site, and one line on a site of another type', async () => {
    expect(directories.length).toBeGreaterThanOrEqual(5);
    for (const site of directories) {
      await t.page.goto(`./#/${WEBSITES}/${site.id}/show/directory`);
      await rows().first().waitFor();
      expect(Number(await count('Listings').innerText()), site.hostname).toBeGreaterThan(0);
      expect(Number(await count('Portfolio sites linked').innerText()), site.hostname).toBeGreaterThan(0);
    }
    const money = (await sitesOfType(api, 'MONEY'))[0]!;
    await t.page.goto(`./#/${WEBSITES}/${money.id}/show/directory`);
    expect(await t.page.getByTestId('not-a-directory').innerText()).toBe(
      'This is a Money site: the Directory tab lists the listings of directory sites only.',
    );
    expect(t.errors).toEqual([]);
  });

  describe('a directory scanned from the console', () => {
    let site: LocalSite;
    let money: Site;
    let directoryId: number;

    beforeAll(async () => {
      // A Money site of the demo portfolio: a link to a site another spec added (on 127.0.0.1) is a link to
      // this directory's own host.
      money = (await sitesOfType(api, 'MONEY')).find((s) => isDemoHost(s.hostname))!;
      expect(money).toBeDefined();
      const listing = (title: string, body: string) => ({ html: html(title, body) });
      site = await startSite({
        '/': listing(
          'Casino Sites Directory',
          '<a href="/category/slots/">Slots</a> <a href="/listing/gone-casino/">Gone Casino</a>',
        ),
        '/category/slots/': listing(
          'Slots Directory',
          '<a href="/listing/our-casino/">Our Casino</a> <a href="/listing/other-casino/">Other Casino</a>',
        ),
        '/listing/our-casino/': listing(
          'Our Casino | Directory',
          `<a href="https://${money.hostname}/" rel="sponsored">Visit website</a>`,
        ),
        '/listing/other-casino/': listing(
          'Other Casino | Directory',
          '<a href="https://other-casino.example/" rel="nofollow">Other Casino</a>',
        ),
      });
      directoryId = (
        await api.post<{ data: { id: number } }>(WEBSITES, {
          url: site.url('/'),
          target_market: 'All',
          type: 'DIRECTORY',
        })
      ).data.id;
    });
    afterAll(async () => {
      await site?.close();
    });

    it('lists the listings its scan found, the category filing them and the portfolio site they link to', async () => {
      await t.page.goto(`./#/${WEBSITES}/${directoryId}/show/directory`);
      await tab().getByText('Not scanned yet: Scan site crawls its pages and fills this tab.').waitFor();
      await tab().getByTestId('no-listings').waitFor();
      await t.page.getByRole('button', { name: 'Scan site' }).click();
      const run = new CronRunPage(t.page);
      await run.waitForRun();
      await run.waitUntilDone(60_000);

      await t.page.goto(`./#/${WEBSITES}/${directoryId}/show/directory`);
      await expect.poll(() => rows().count()).toBe(3);
      expect(await count('Listings').innerText()).toBe('3');
      expect(await count('Portfolio sites linked').innerText()).toBe('1');
      expect(await count('External targets').innerText()).toBe('1');
      expect(await count('Listings gone (404/410)').innerText()).toBe('1');
      const ours = rows().filter({ hasText: '/listing/our-casino/' });
      expect(await ours.innerText()).toContain('Our Casino | Directory');
      expect(await ours.innerText()).toContain('Slots');
      expect(await ours.innerText()).toContain('Visit website');
      expect(await ours.getByRole('link', { name: money.hostname }).getAttribute('href')).toBe(
        `#/${WEBSITES}/${money.id}/show`,
      );
      const other = rows().filter({ hasText: '/listing/other-casino/' });
      expect(await other.innerText()).toContain('other-casino.example');
      expect(await other.innerText()).toContain('nofollow');
      const gone = rows().filter({ hasText: '/listing/gone-casino/' });
      expect(await gone.innerText()).toContain('404 Gone');
      expect(await gone.innerText()).toContain('No link out');
      expect(t.errors).toEqual([]);
    });
  });
});
