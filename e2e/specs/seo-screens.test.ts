import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, isDemoHost, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const AHREFS = resources.ahrefsMetrics.path;
const LIGHTHOUSE = resources.lighthouseMetrics.path;
const GA = resources.gaProperties.path;
const ACCURANKER = resources.accurankerDomains.path;
const KEYWORDS = resources.accurankerKeywords.path;
const EARNINGS = resources.earnings.path;

type Row = Record<string, unknown> & { id: number };
const query = (filter: Record<string, unknown>, extra = '') =>
  `?perPage=25&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const dayText = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);

describe('SEO data screens on the demo fleet (SPEC §2.5, §3)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  const first = async (path: string, extra = '') =>
    (await api.get<{ data: Row[] }>(`${path}?perPage=1${extra}`)).data[0]!;

  beforeAll(async () => {
    api = await adminApi();
  });

  it("lists a site's Ahrefs metrics newest first and opens a day with every figure", async () => {
    const latest = await first(AHREFS);
    const list = new ListPage(t.page, AHREFS);
    await list.goto(query({ website_id: latest.website_id }));
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Website', 'Day', 'Domain rating', 'Live backlinks', 'Organic traffic']),
    );
    const row = list.rows().first();
    expect(await row.innerText()).toContain(String(latest.website_hostname));
    expect(await row.innerText()).toContain(dayText(latest.day));
    await row.click();
    await t.page.waitForURL(new RegExp(`#/${AHREFS}/${latest.id}/show$`));
    await t.page.getByText('Organic keywords in top 3').waitFor();
    await t.page.getByText('Paid traffic cost').waitFor();
    expect(t.errors).toEqual([]);
  });

  it("lists Lighthouse runs and charts the site's scores on both devices", async () => {
    const run = await first(
      LIGHTHOUSE,
      '&filter=' + encodeURIComponent(JSON.stringify({ device: 'mobile' })),
    );
    const list = new ListPage(t.page, LIGHTHOUSE);
    await list.goto(query({ website_id: run.website_id, device: 'mobile' }));
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Device', 'Performance', 'Accessibility', 'SEO', 'Best practices']),
    );
    expect(await list.rows().first().innerText()).toContain('Mobile');
    await list.rows().first().click();
    await t.page.waitForURL(new RegExp(`#/${LIGHTHOUSE}/${run.id}/show$`));
    const charts = t.page.getByTestId('lighthouse-chart');
    await charts.first().waitFor();
    expect(await charts.count()).toBe(2);
    expect(await charts.nth(1).getAttribute('aria-label')).toMatch(/^Mobile scores from \d{4}-/);
    expect(t.errors).toEqual([]);
  });

  it('lists the GA properties with their money site; the form edits only the link', async () => {
    const prop = await first(GA, '&sortBy=display_name&sortOrder=ASC');
    const list = new ListPage(t.page, GA);
    await list.goto(query({ display_name: prop.display_name }));
    const row = list
      .rows()
      .filter({ hasText: String(prop.display_name) })
      .first();
    expect(await row.innerText()).toContain(String(prop.name));
    expect(await row.innerText()).toContain(String(prop.website_hostname));
    await t.page.goto(`./#/${GA}/${prop.id}`);
    const name = t.page.getByLabel('Property', { exact: true });
    await name.waitFor();
    expect(await name.isDisabled()).toBe(true);
    const site = t.page.getByLabel('Money site', { exact: true });
    expect(await site.isDisabled()).toBe(false);
    await expect.poll(() => site.inputValue()).toBe(String(prop.website_hostname));
    expect(t.errors).toEqual([]);
  });

  it('opens an AccuRanker domain on its Keywords and History tabs', async () => {
    const domain = await first(ACCURANKER, '&sortBy=keyword_count&sortOrder=DESC');
    const top = (
      await api.get<{ data: Row[] }>(
        `${KEYWORDS}${query({ domain_id: domain.id }, '&sortBy=search_volume&sortOrder=DESC')}`,
      )
    ).data[0]!;
    const list = new ListPage(t.page, ACCURANKER);
    await list.goto(query({ domain: domain.domain }));
    // The domain's own cell (the website column beside it is a link to the website).
    await list
      .rows()
      .filter({ hasText: String(domain.domain) })
      .first()
      .locator('td')
      .nth(1)
      .click();
    await t.page.waitForURL(new RegExp(`#/${ACCURANKER}/${domain.id}/show$`));
    const page = new RecordPage(t.page);
    await page.tab('Keywords').click();
    const keywords = t.page.getByTestId('reference-list-accuranker-keywords');
    const row = keywords
      .locator('tr')
      .filter({ hasText: String(top.keyword) })
      .first();
    await row.waitFor();
    expect(await row.innerText()).toContain(String(top.device));
    expect(await keywords.getByTestId('reference-total').innerText()).toBe(
      `${String(domain.keyword_count)} records`,
    );
    await page.tab('History').click();
    const chart = t.page.getByTestId('rank-history');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^\d+ days? from \d{4}-\d{2}-\d{2} to /);
    expect(t.errors).toEqual([]);
  });

  it('links an AccuRanker domain to another website from its form, and only that', async () => {
    const domain = await first(ACCURANKER, '&sortBy=domain&sortOrder=DESC');
    const target = (
      await api.get<{ data: Row[] }>(
        `${resources.websites.path}${query({ type: 'MONEY' }, '&sortBy=hostname&sortOrder=ASC')}`,
      )
    ).data.find((w) => w.id !== domain.website_id && isDemoHost(w.hostname))!;
    await t.page.goto(`./#/${ACCURANKER}/${domain.id}`);
    // The imported fields are AccuRanker's: the form holds the link only.
    const site = t.page.getByLabel('Website', { exact: true });
    await site.waitFor();
    expect(await t.page.locator('form input:not([type=hidden])').count()).toBe(1);
    await site.fill(String(target.hostname));
    await t.page.getByRole('option', { name: String(target.hostname), exact: true }).click();
    await new RecordPage(t.page).save();
    await expect
      .poll(async () => (await api.get<{ data: Row }>(`${ACCURANKER}/${domain.id}`)).data.website_id)
      .toBe(target.id);
    // Put it back, through the API (the demo data stays as seeded for the other tests).
    await api.put(`${ACCURANKER}/${domain.id}`, {
      website_id: domain.website_id,
      version: Number(domain.version) + 1,
    });
    expect(t.errors).toEqual([]);
  });

  it('lists the earnings of a site by day', async () => {
    const latest = await first(EARNINGS);
    const list = new ListPage(t.page, EARNINGS);
    await list.goto(query({ website_id: latest.website_id }));
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Website', 'Day', 'Clicks', 'Signups', 'FTD']),
    );
    const text = await list.rows().first().innerText();
    expect(text).toContain(dayText(latest.day));
    expect(text).toContain(String(latest.ftd));
    expect(t.errors).toEqual([]);
  });
});

describe('analytics requests on the demo fleet (SPEC §2.5, §7.5 show-by-href)', () => {
  const t = browserSuite({ signedIn: true });

  it('lists the hosts most requested first and opens a host’s requests by path', async () => {
    const api = await adminApi();
    const path = resources.analyticsRequests.path;
    const top = (await api.get<{ data: Row[] }>(`${path}?perPage=1`)).data[0]!;
    const list = new ListPage(t.page, path);
    await list.goto();
    const row = list.rows().first();
    // The host, and the website it belongs to (the same name), on the first row.
    await row.getByText(String(top.hostname), { exact: true }).first().waitFor();
    expect(await row.innerText()).toContain(Number(top.count).toLocaleString('en'));
    await row.click();
    await t.page.getByRole('tab', { name: 'Paths' }).click();
    const paths = t.page.getByTestId('request-paths');
    await paths.getByRole('cell', { name: '/', exact: true }).waitFor();
    expect(await paths.locator('tbody tr').count()).toBeGreaterThan(5);
    expect(t.errors).toEqual([]);
  });
});

describe('SEO imports from their screens', () => {
  const t = browserSuite({ signedIn: true });

  it('offers each import on its list, through the command dialog', async () => {
    for (const [path, label, command] of [
      [resources.lighthouseMetrics.path, 'Run Lighthouse now', 'seo:lighthouse'],
      [resources.gaProperties.path, 'Import from GA4', 'seo:ga-properties'],
      [resources.accurankerDomains.path, 'Import ranks', 'seo:rankings'],
      [resources.ahrefsMetrics.path, 'Import from Ahrefs', 'seo:backlinks'],
    ] as const) {
      const list = new ListPage(t.page, path);
      await list.goto();
      await t.page.getByRole('button', { name: label }).click();
      const dialog = t.page.getByRole('dialog', { name: `Run ${command}` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(t.errors).toEqual([]);
  });
});
