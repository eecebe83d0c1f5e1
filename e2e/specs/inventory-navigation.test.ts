import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';

const WEBSITES = resources.websites.path;
const DOMAINS = resources.domains.path;

interface Site {
  id: number;
  hostname: string;
  domain: { id: number; unicode_name: string };
}
interface Domain {
  id: number;
  name: string;
  unicode_name: string;
  registrar_id: number;
}

describe('inventory: websites, domains and registrars are linked both ways', () => {
  const t = browserSuite({ signedIn: true });
  let site: Site;
  let domain: Domain;
  let registrar: string;

  beforeAll(async () => {
    const api = await adminApi();
    // a live money site whose registrar's domains fit on one page (the demo portfolio is the same on every run)
    const { data: sites } = await api.get<{ data: Site[] }>(
      `${WEBSITES}?perPage=100&sortBy=hostname&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ type: 'MONEY', status: 'LIVE' }))}`,
    );
    for (const candidate of sites) {
      if (!candidate.domain) continue;
      const d = (await api.get<{ data: Domain }>(`${DOMAINS}/${candidate.domain.id}`)).data;
      if (!d.registrar_id) continue;
      const r = await api.get<{ data: { registrar: string; domains_count: number } }>(
        `${resources.registrars.path}/${d.registrar_id}`,
      );
      if (r.data.domains_count > 25) continue;
      [site, domain, registrar] = [candidate, d, r.data.registrar];
      break;
    }
    expect(site).toBeDefined();
  });

  it('browses websites → a site → its domain → its registrar, and back to the site', async () => {
    const list = new ListPage(t.page, WEBSITES);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ hostname: site.hostname }))}`);
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Hostname', 'Type', 'Status', 'Domain', 'Server', 'Alerts / Errors']),
    );
    await list.rows().filter({ hasText: site.hostname }).first().locator('td').nth(3).click();
    await t.page.waitForURL(new RegExp(`#/${WEBSITES}/${site.id}/show$`));

    const record = new RecordPage(t.page);
    expect(await record.field('Status').innerText()).toContain('Live');
    await record.fieldLink('Domain').click();
    await t.page.waitForURL(new RegExp(`#/${DOMAINS}/${domain.id}/show$`));
    await t.page.getByRole('navigation', { name: 'breadcrumb' }).getByText(domain.unicode_name).waitFor();

    await record.tab('WhoIs').click();
    await record.fieldLink('Registrar').click();
    await t.page.waitForURL(new RegExp(`#/${resources.registrars.path}/${domain.registrar_id}/show$`));
    await t.page.getByRole('navigation', { name: 'breadcrumb' }).getByText(registrar).waitFor();

    // back: the registrar's Domains tab lists the domain, whose page links to the site
    await record.tab('Domains').click();
    await t.page
      .getByTestId('reference-list-domains')
      .getByText(domain.unicode_name, { exact: true })
      .first() // the name cell (the website column may read the same)
      .click();
    await t.page.waitForURL(new RegExp(`#/${DOMAINS}/${domain.id}/show$`));
    await record.fieldLink('Website').click();
    await t.page.waitForURL(new RegExp(`#/${WEBSITES}/${site.id}/show$`));
    expect(t.errors).toEqual([]);
  });

  it("finds a domain by 'https://www.<name>/' in the name filter (scheme and www stripped)", async () => {
    const list = new ListPage(t.page, DOMAINS);
    await list.goto();
    await t.page.getByRole('textbox', { name: 'Name' }).fill(`https://www.${domain.name}/`);
    await expect.poll(() => list.filterParam()).toEqual({ name: domain.name });
    await expect.poll(() => list.columnTexts(0)).toEqual([domain.unicode_name]);
    expect(await t.page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(domain.name);
  });

  it("shows the site's DNS records and the domain's DNS change history", async () => {
    await t.page.goto(`./#/${WEBSITES}/${site.id}/show/dns`);
    const records = t.page.getByTestId('reference-list-dns-records');
    await records.locator('.RaDataTable-row').first().waitFor();
    expect(await records.getByTestId('reference-total').innerText()).toMatch(/^\d+ records?$/);
    await t.page.goto(`./#/${DOMAINS}/${domain.id}/show/dns`);
    await t.page.getByTestId('reference-list-dns-record-changes').waitFor();
    expect(t.errors).toEqual([]);
  });

  it("answers '/create' of a resource without a create screen with a page of its own, not a read of 'create'", async () => {
    const reads: string[] = [];
    t.page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/create')) reads.push(`${r.method()} ${r.url()}`);
    });
    // registrars have an edit screen, whose ':id' route would take 'create' for an id; nameservers have none
    for (const [path, label] of [
      [resources.registrars.path, 'Registrars'],
      [resources.nameservers.path, 'Nameservers'],
    ] as const) {
      await t.page.goto(`./#/${path}/create`);
      const page = t.page.getByTestId('no-create');
      expect((await page.getByRole('heading').innerText()).trim()).toBe(`${label} cannot be created here`);
      await page.getByRole('link', { name: `Back to ${label}` }).click();
      await t.page.waitForURL(new RegExp(`#/${path}(\\?.*)?$`));
      await new ListPage(t.page, path).waitForData();
    }
    expect(reads).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});
