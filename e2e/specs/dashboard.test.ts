import {
  actionPath,
  actions,
  COMPARISON_LABELS,
  COMPARISONS,
  resources,
  type ActionResponse,
  type Comparison,
} from '@sitefleet/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const { seo } = actions;

interface Site {
  id: number;
  label: string;
}

type Profile = ActionResponse<typeof seo.backlinkProfile>;
type Statistics = ActionResponse<typeof seo.websiteStatistics>;
type Keywords = ActionResponse<typeof seo.websiteKeywords>;

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The live money sites (the picker's options, SPEC §2.3) with their backlink profiles. */
async function moneySites(api: Api): Promise<Array<Site & { profile: Profile }>> {
  const filter = encodeURIComponent(JSON.stringify({ type: 'MONEY', status: 'LIVE' }));
  const list = await api.get<{ data: Array<Record<string, unknown>> }>(
    `${resources.websites.path}?perPage=900&filter=${filter}`,
  );
  return Promise.all(
    list.data.map(async (w) => ({
      id: Number(w.id),
      label: String(w.friendly_name ?? w.hostname ?? w.url ?? w.id),
      profile: await api.get<Profile>(actionPath(seo.backlinkProfile, { id: String(w.id) })),
    })),
  );
}

const panel = (page: Page, name: string) => page.getByRole('region', { name });

async function pickSite(page: Page, site: Site) {
  const picker = page.getByRole('combobox', { name: 'Money site' });
  await picker.click();
  await picker.fill(site.label);
  await page.getByRole('option', { name: site.label, exact: true }).click();
  await page.getByTestId('dashboard-site').getByText(site.label, { exact: true }).first().waitFor();
}

describe('dashboard (SPEC §2.3, §8)', () => {
  const t = browserSuite({ signedIn: true });

  it('shows the panels of a money site for every comparison, both ranking tabs and the Sankey view', async () => {
    const api = await adminApi();
    const sites = await moneySites(api);
    const site = sites.find((s) => s.profile.data.recent.length > 0);
    if (!site) throw new Error('no money site with backlinks in the demo data');

    await t.page.goto('./#/');
    await t.page.getByText('Please select a Money Site').waitFor();
    await pickSite(t.page, site);
    expect(await t.page.getByText('Please select a Money Site').count()).toBe(0);

    const toggle = t.page.getByRole('group', { name: 'Comparison' });
    const button = (comparison: Comparison) =>
      toggle.getByRole('button', { name: COMPARISON_LABELS[comparison], exact: true });
    expect(await button('yesterday').getAttribute('aria-pressed')).toBe('true');
    const backlinks = panel(t.page, 'Backlinks Trends');
    // every comparison, the default (already chosen) last, so that each click changes it
    const order = [...COMPARISONS.filter((c) => c !== 'yesterday'), 'yesterday' as const];
    const expected = await Promise.all(
      order.map((c) =>
        api.get<Statistics>(`${actionPath(seo.websiteStatistics)}?website_id=${site.id}&comparison=${c}`),
      ),
    );
    for (const [i, comparison] of order.entries()) {
      const { period, current, previous } = expected[i]!.data;
      await button(comparison).click();
      // the info toolbar names the days the server compared (shown for 3 s after the change)
      await t.page
        .getByRole('status')
        .filter({ hasText: `Comparing ${period.end} with ${period.start}` })
        .waitFor();
      expect(await button(comparison).getAttribute('aria-pressed')).toBe('true');
      // the backlinks panel shows the end day's total against the start day's of this comparison
      const stat = backlinks.locator('[data-testid="stat"][data-label="Backlinks"]');
      await stat.filter({ hasText: `was ${previous ? count(previous.total) : '-'}` }).waitFor();
      expect(await stat.getByTestId('stat-value').innerText()).toBe(current ? count(current.total) : '-');
      for (const name of ['GSC Traffic', 'GA Traffic', 'Conversions Metric', 'Top Pages', 'Top rankings']) {
        await panel(t.page, name).getByRole('heading', { name }).waitFor();
        await panel(t.page, name).getByTestId('panel-loading').waitFor({ state: 'detached' });
        expect(await panel(t.page, name).getByTestId('panel-error').count()).toBe(0);
      }
    }
    // the toolbar hides by itself (SPEC §9: 3 s)
    await t.page.getByRole('status').filter({ hasText: 'Comparing' }).waitFor({ state: 'detached' });

    const rankings = panel(t.page, 'Top rankings');
    for (const [device, label] of [
      ['desktop', 'Desktop'],
      ['mobile', 'Mobile'],
    ] as const) {
      await rankings.getByRole('tab', { name: label }).click();
      expect(await rankings.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
      const keywords = await api.get<Keywords>(
        `${actionPath(seo.websiteKeywords)}?website_id=${site.id}&comparison=yesterday&device=${device}`,
      );
      if (keywords.data.length) {
        await rankings.getByRole('table', { name: `Top ${device} rankings` }).waitFor();
        await rankings.getByText(keywords.data[0]!.keyword, { exact: true }).waitFor();
        expect(await rankings.getByTestId('ranking').count()).toBe(keywords.data.length);
      } else {
        await rankings
          .getByTestId('panel-empty')
          .filter({ hasText: 'No ranking keywords registered' })
          .waitFor();
      }
    }

    const links = panel(t.page, 'Recent Links');
    await links.getByTestId('recent-link').first().waitFor();
    expect(await links.getByTestId('recent-link').count()).toBe(
      Math.min(site.profile.data.recent.length, seo.RECENT_LINKS),
    );
    await links.getByRole('button', { name: 'Sankey view' }).click();
    const sankey = links.getByRole('img', {
      name: 'Recent links: referring hosts to the pages they link to',
    });
    await sankey.waitFor();
    const host = site.profile.data.recent[0]!.source_host;
    await sankey.getByText(host, { exact: true }).first().waitFor();
    expect(await links.getByTestId('recent-link').count()).toBe(0);
    await links.getByRole('button', { name: 'Table view' }).click();
    await links.getByTestId('recent-link').first().waitFor();

    await links.getByRole('link', { name: 'Go to full report' }).click();
    await t.page.waitForURL(new RegExp(`#/${resources.websites.path}/${site.id}/show/seo$`));
    // The full report: the website's SEO tab, with its Ahrefs history and its newest links.
    const report = t.page.getByTestId('website-seo');
    await report.getByRole('region', { name: 'Ahrefs history' }).getByTestId('chart').waitFor();
    await report.getByTestId('recent-link').first().waitFor();
    expect(t.errors).toEqual([]);
  });

  it("lists the sites' SEO trends, highest traffic first, and the deindexed sites", async () => {
    const api = await adminApi();
    const filter = encodeURIComponent(JSON.stringify({ organic_traffic: { min: 0 } }));
    const top = await api.get<{ data: Array<Record<string, unknown>> }>(
      `${resources.websites.path}?perPage=1&sortBy=organic_traffic&sortOrder=DESC&filter=${filter}`,
    );
    const best = top.data[0]!;
    await t.page.goto(`./#/${resources.websites.path}?tab=seo-trends`);
    const firstRow = t.page.locator('tbody tr').first();
    await firstRow.getByText(String(best.hostname), { exact: true }).waitFor();
    await firstRow.getByText(String(best.organic_traffic), { exact: true }).waitFor();
    await t.page.getByRole('tab', { name: 'DeIndexed Sites' }).click();
    await t.page.waitForURL(/tab=deindexed/);
    const deindexed = await api.get<{ data: unknown[]; meta?: { total?: number } }>(
      `${resources.websites.path}?perPage=25&filter=${encodeURIComponent(JSON.stringify({ deindexed: true }))}`,
    );
    if (deindexed.data.length) await t.page.locator('tbody tr').first().waitFor();
    else await t.page.getByText('No Rows Found :(').waitFor();
    expect(t.errors).toEqual([]);
  });

  it('shows the empty states for a money site with no SEO data', async () => {
    const api = await adminApi();
    const sites = await moneySites(api);
    const candidates = sites.filter((s) => s.profile.data.recent.length === 0);
    const stats = await Promise.all(
      candidates.map((s) => api.get<Statistics>(`${actionPath(seo.websiteStatistics)}?website_id=${s.id}`)),
    );
    const site = candidates.find((_, i) => stats[i]!.data.current === null);
    if (!site) throw new Error('no money site without SEO data in the demo data');

    await t.page.goto('./#/');
    await pickSite(t.page, site);
    const expected: Array<[string, string]> = [
      ['Backlinks Trends', 'Something went wrong'],
      ['GSC Traffic', 'No GSC Data registered'],
      ['Top Pages', 'No top pages data'],
      ['Recent Links', 'No recent links available'],
      ['GA Traffic', 'No GA Data registered'],
      ['Conversions Metric', 'No earning registered'],
      ['Top rankings', 'No ranking keywords registered'],
    ];
    for (const [name, text] of expected) {
      const empty = panel(t.page, name).getByTestId('panel-empty');
      await empty.waitFor();
      expect(await empty.innerText()).toBe(text);
    }
    await panel(t.page, 'Top rankings').getByRole('tab', { name: 'Desktop' }).click();
    await panel(t.page, 'Top rankings')
      .getByTestId('panel-empty')
      .filter({ hasText: 'No ranking' })
      .waitFor();
    expect(await t.page.getByTestId('chart').count()).toBe(0);
    expect(t.errors).toEqual([]);
  });
});

describe("a website's SEO tab: conversion postback and report import", () => {
  const t = browserSuite({ signedIn: true });

  it('shows the postback URL once, refuses a bad report with its line, imports a good one into the panel', async () => {
    const api = await adminApi();
    const sites = await moneySites(api);
    const empty = sites.find((s) => s.profile.data.recent.length === 0);
    if (!empty) throw new Error('no money site without SEO data in the demo');
    await t.page.goto(`./#/${resources.websites.path}/${empty.id}/show/seo`);
    const tab = t.page.getByTestId('website-seo');
    const conversions = tab.getByRole('region', { name: 'Conversions Metric' });
    await conversions.getByText('No earning registered').waitFor();

    await tab.getByRole('button', { name: 'Postback URL' }).click();
    const postback = t.page.getByRole('dialog', { name: 'Conversion postback URL' });
    await postback.getByRole('button', { name: 'Make the URL' }).click();
    const url = postback.getByLabel('URL');
    await url.waitFor();
    expect(await url.inputValue()).toMatch(
      new RegExp(`/dms/api/v1/conversions/postback/${empty.id}\\?secret=[\\w-]{20,}&event=\\{event\\}`),
    );
    await postback.getByRole('button', { name: 'Close' }).click();

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await tab.getByRole('button', { name: 'Import conversions' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Import a conversion report' });
    await dialog.getByLabel('Report (CSV, with a header row)').fill('Date,Clicks,FTDs\n2026-02-30,4,1\n');
    await dialog.getByLabel('Clicks column').fill('Clicks');
    await dialog.getByLabel('FTD column').fill('FTDs');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('line 2: "2026-02-30" is not a date (YYYY-MM-DD)').waitFor();
    await dialog.getByLabel('Report (CSV, with a header row)').fill(`Date,Clicks,FTDs\n${yesterday},40,3\n`);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await t.page.getByText(`1 days imported (${yesterday} to ${yesterday})`).waitFor();
    await conversions.getByText('40', { exact: true }).first().waitFor();
    // Chromium logs the refused report's answer (422); nothing else may go wrong.
    expect(t.errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
  });
});
