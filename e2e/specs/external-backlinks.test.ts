import { parseDisavowFile, resources } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';
import { html, startSite, type LocalSite, type SitePage } from '../support/site';

const LINKS = resources.externalBacklinks.path;
type Row = Record<string, unknown> & { id: number };

describe('external backlinks: the ledger on the demo data (SPEC §2.5, §4, §5, §7.5)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let site: LocalSite;
  const pages: Record<string, SitePage> = {};
  const target = 'https://bonus-guide.example/casino-bonuses/';

  beforeAll(async () => {
    api = await adminApi();
    site = await startSite(pages);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists the ledger with its Alerts and Errors tabs', async () => {
    const list = new ListPage(t.page, LINKS);
    await list.goto();
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Backlink (linking page)', 'Website', 'Rel', 'Price', 'Status', 'Warnings']),
    );
    await t.page.getByRole('tab', { name: 'Errors' }).click();
    // Every row the Errors tab shows is a lost link (the tab's own list, once it has replaced the ledger's).
    const lost = /Link not found|Wrong target|Page gone/;
    await expect
      .poll(async () => {
        const texts = await list.rows().allInnerTexts();
        return texts.length > 0 && texts.every((text) => lost.test(text));
      })
      .toBe(true);
    await t.page.getByRole('tab', { name: 'Alerts' }).click();
    await t.page.getByTestId('warnings-chip').first().waitFor();
    expect(t.errors).toEqual([]);
  });

  it("shows the linking host's address, country and network, its Domain Rating and referring domains", async () => {
    const link = (await api.get<{ data: Row[] }>(`${LINKS}?perPage=1&sortBy=id&sortOrder=ASC`)).data[0]!;
    const host = link.ip_info as { ip: string; country: string; org: string };
    expect(host).toEqual({ ip: expect.any(String), country: expect.any(String), org: expect.any(String) });
    const record = new RecordPage(t.page);
    await t.page.goto(`./#/${LINKS}/${link.id}/show`);
    const digits = (text: string) => text.replace(/[^\d.]/g, '');
    await expect.poll(() => record.field('Host IP').innerText()).toContain(host.ip);
    expect(await record.field('Host country').innerText()).toContain(host.country);
    expect(await record.field('Host organisation').innerText()).toContain(host.org);
    expect(digits(await record.field('Domain rating').innerText())).toBe(String(link.domain_rating));
    expect(digits(await record.field('Referring domains').innerText())).toBe(String(link.referring_domains));

    // The same as list columns the user may add.
    const list = new ListPage(t.page, LINKS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ backlink: link.backlink }))}`);
    await list.chooseColumns(['Host country', 'Host organisation', 'Domain rating', 'Referring domains']);
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Host country', 'Host organisation', 'Domain rating', 'Referring domains']),
    );
    // The list filtered by the link's page: its rows are on the same host.
    const row = list.rows().first();
    await expect.poll(() => row.innerText()).toContain(host.org);
    expect(await row.innerText()).toContain(host.country);
    expect(t.errors).toEqual([]);
  });

  it('creates a link with the form rules: permanent hides the period, self-created hides the contact', async () => {
    await t.page.goto(`./#/${LINKS}/create`);
    await t.page.getByLabel('Backlink (linking page)').fill(site.url('/blog/top-picks/'));
    await t.page.getByLabel('Target URL').fill(target);
    await t.page.getByLabel('Anchor').fill('best casino bonuses');
    await t.page.getByLabel('Price').fill('250');
    await t.page.getByLabel('Start date').fill('2026-01-10');
    await t.page.getByLabel('Duration (days)').fill('30');
    await expect.poll(() => t.page.getByTestId('end-date').locator('input').inputValue()).toBe('2026-02-09');
    await t.page.getByLabel('Permanent', { exact: true }).check();
    await t.page.getByLabel('Duration (days)').waitFor({ state: 'detached' });
    expect(await t.page.getByTestId('end-date').count()).toBe(0);
    await t.page.getByLabel('Contact name').fill('Lena Fischer');
    await t.page.getByLabel('Self-created', { exact: true }).check();
    await t.page.getByLabel('Contact name').waitFor({ state: 'detached' });
    await new RecordPage(t.page).save();
    await t.page.waitForURL(/\/show$/);
    const id = Number(/\/(\d+)\/show$/.exec(t.page.url())![1]);
    const stored = (await api.get<{ data: Row }>(`${LINKS}/${id}`)).data;
    expect(stored).toMatchObject({ permanent: true, self_created: true, duration: null, contact: null });
    expect(t.errors).toEqual([]);
  });

  it('checks a link behind a captcha (dialog with Close and Check Again), then as it is', async () => {
    pages['/captcha/'] = {
      status: 403,
      html: html('Just a moment...', '<div id="cf-chl-widget">Checking your browser before accessing</div>'),
    };
    const link = (
      await api.post<{ data: Row }>(LINKS, {
        backlink: site.url('/captcha/'),
        url: target,
        anchor: 'best casino bonuses',
        rel_attribute: 'follow',
        permanent: true,
      })
    ).data;
    await t.page.goto(`./#/${LINKS}/${link.id}/show`);
    await t.page.getByRole('button', { name: 'Check now' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Captcha' });
    await dialog.getByText('This external backlink are using a captcha and we cannot check that').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    pages['/captcha/'] = {
      html: html('Top picks', `<p>Our pick: <a href="${target}">best casino bonuses</a></p>`),
    };
    await t.page.getByRole('button', { name: 'Check now' }).click();
    await t.page.getByText('External Backlink checked').waitFor();
    await new RecordPage(t.page).tab('Checks').click();
    const checks = t.page.getByTestId('backlink-check');
    await expect.poll(() => checks.count()).toBe(2);
    expect(await checks.first().innerText()).toContain('OK');
    expect(await checks.nth(1).innerText()).toContain('Unverifiable');
    expect(t.errors).toEqual([]);
  });

  it('ignores an open warning of a seeded link', async () => {
    const open = (
      await api.get<{ data: Row[] }>(
        `${LINKS}?perPage=1&filter=${encodeURIComponent(JSON.stringify({ attention: 'alerts' }))}`,
      )
    ).data[0]!;
    await t.page.goto(`./#/${LINKS}/${open.id}/show/warnings`);
    const row = t.page
      .getByTestId('backlink-warning')
      .filter({ has: t.page.getByRole('button', { name: 'IGNORE' }) })
      .first();
    await row.waitFor();
    const message = (await row.locator('td').nth(1).innerText()).split('\n')[0]!;
    await row.getByRole('button', { name: 'IGNORE' }).click();
    await t.page.getByText('Warning ignored').waitFor();
    await t.page
      .getByTestId('backlink-warning')
      .filter({ hasText: message })
      .first()
      .getByText(/^Ignored /)
      .waitFor();
    expect(t.errors).toEqual([]);
  });

  it("downloads a website's disavow file, and warns on a link whose page is disavowed", async () => {
    const DISAVOW = resources.disavowedDomains.path;
    const entry = (
      await api.get<{ data: Row[] }>(
        `${DISAVOW}?perPage=1&filter=${encodeURIComponent(JSON.stringify({ type: 'domain' }))}`,
      )
    ).data[0]!;
    const count = (
      await api.get<{ meta: { total: number } }>(
        `${DISAVOW}?perPage=1&filter=${encodeURIComponent(JSON.stringify({ website_id: entry.website_id }))}`,
      )
    ).meta.total;
    const list = new ListPage(t.page, DISAVOW);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ website_id: entry.website_id }))}`);
    await list.rows().first().waitFor();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByRole('button', { name: 'Disavow file' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const parsed = parseDisavowFile(Buffer.concat(chunks).toString('utf8'));
    expect(parsed.invalid).toEqual([]);
    expect(parsed.entries).toHaveLength(count);
    expect(parsed.entries).toContainEqual({ type: 'domain', value: entry.value });

    // A bought link on a disavowed host: its page says so.
    const link = (
      await api.post<{ data: Row }>(LINKS, {
        backlink: `https://blog.${String(entry.value)}/review/`,
        url: target,
        rel_attribute: 'follow',
        permanent: true,
        website_id: entry.website_id,
      })
    ).data;
    await t.page.goto(`./#/${LINKS}/${link.id}/show`);
    await t.page
      .getByTestId('disavowed-note')
      .getByText(/on its website’s disavow list/)
      .waitFor();
    expect(t.errors).toEqual([]);
  });
});

describe('websites list tab Link Network Overview (SPEC §2.5, §9)', () => {
  const t = browserSuite({ signedIn: true });

  it("shows each site's bought links, most first, and keeps the sites with more than one", async () => {
    const api = await adminApi();
    const top = (
      await api.get<{ data: Row[] }>(
        `${resources.linkNetwork.path}?perPage=1&sortBy=backlinks_bought&sortOrder=DESC`,
      )
    ).data[0]!;
    await t.page.goto(`./#/${resources.websites.path}?tab=link-network`);
    const first = t.page.locator('.RaDataTable-tbody tr').first();
    await expect.poll(() => first.innerText()).toContain(String(top.hostname));
    expect(await first.innerText()).toContain(String(top.backlinks_bought));
    expect(await t.page.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['Backlinks bought', 'Live', 'Lost', 'Spend (EUR)', 'Links to the network']),
    );
    expect(t.errors).toEqual([]);
  });
});

describe('affiliate links (SPEC §2.5)', () => {
  const t = browserSuite({ signedIn: true });

  it('asks for a website first, lists its links, and shows a link with its changes', async () => {
    const api = await adminApi();
    const AFFILIATE = resources.affiliateLinks.path;
    const first = (await api.get<{ data: Row[] }>(`${AFFILIATE}?perPage=1&sortBy=id&sortOrder=ASC`)).data[0]!;
    const site = (await api.get<{ data: Row }>(`${resources.websites.path}/${String(first.website_id)}`))
      .data;
    await t.page.goto(`./#/${AFFILIATE}`);
    await t.page.getByText('Select a website to see its affiliate links').waitFor();
    await t.page.getByRole('combobox', { name: 'Website' }).fill(String(site.hostname));
    await t.page.getByRole('option', { name: String(site.hostname), exact: true }).click();
    const list = new ListPage(t.page, AFFILIATE);
    const row = list
      .rows()
      .filter({ hasText: String(first.permalink) })
      .first();
    await row.waitFor();
    await row.click();
    await t.page.waitForURL(new RegExp(`#/${AFFILIATE}/${first.id}/show$`));
    await new RecordPage(t.page).tab('Changes').click();
    const changes = t.page.getByTestId('affiliate-change');
    await changes.first().waitFor();
    expect(await changes.filter({ hasText: String(first.permalink) }).count()).toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  });
});
