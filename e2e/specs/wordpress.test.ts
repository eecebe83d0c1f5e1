import { actions, resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { RecordPage } from '../pages/RecordPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const PLUGINS = resources.plugins.path;
const INSTALLED_PLUGINS = resources.installedPlugins.path;
const WP_SITES = resources.wpSites.path;
const WEBSITES = resources.websites.path;

interface Plugin {
  id: number;
  name: string;
  slug: string;
  total_installs: number;
}
interface Connection {
  id: number;
  website_id: number;
  website_hostname: string;
  core_version: string | null;
  state: string;
  /** Whether an application password is stored (the secret itself is never sent). */
  application_password_set: boolean;
}

const query = (filter: Record<string, unknown>, extra = '') =>
  `?perPage=25&filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

const totalOf = async (api: Api, resource: string, filter: Record<string, unknown>) =>
  (await api.get<{ meta: { total: number } }>(`${resource}${query(filter, '&exact=true')}`)).meta.total;

describe('wordpress fleet screens on the demo fleet (SPEC §2.5, §7.4, §7.6, §8)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  it('lists the plugins with their installs and opens a plugin on its Installs tab', async () => {
    const { data } = await api.get<{ data: Plugin[] }>(
      `${PLUGINS}?perPage=1&sortBy=total_installs&sortOrder=DESC`,
    );
    const top = data[0]!;
    expect(top.total_installs).toBeGreaterThan(0);

    const list = new ListPage(t.page, PLUGINS);
    await list.goto(query({ slug: top.slug }));
    expect(await list.headers()).toEqual(
      expect.arrayContaining(['Name', 'Slug', 'Latest version', 'Installs', 'Updates available']),
    );
    await list.rows().filter({ hasText: top.name }).first().click();
    await t.page.waitForURL(new RegExp(`#/${PLUGINS}/${top.id}/show$`));
    await new RecordPage(t.page).tab('Installs').click();
    const installs = t.page.getByTestId('reference-list-installed-plugins');
    await installs
      .getByTestId('reference-total')
      .filter({ hasText: /record/ })
      .waitFor();
    expect(await installs.getByTestId('reference-total').innerText()).toBe(
      top.total_installs === 1 ? '1 record' : `${top.total_installs} records`,
    );
    expect(t.errors).toEqual([]);
  });

  it('merges a duplicate plugin into the demo plugin with the most installs', async () => {
    const { data } = await api.get<{ data: Plugin[] }>(
      `${PLUGINS}?perPage=1&sortBy=total_installs&sortOrder=DESC`,
    );
    const keep = data[0]!;
    const dupName = `${keep.name} ${unique('dup')}`;
    const dup = (await api.post<{ data: Plugin }>(PLUGINS, { name: dupName, slug: unique('dup-slug') })).data;

    const list = new ListPage(t.page, PLUGINS);
    await list.goto(query({ name: keep.name }));
    for (const name of [keep.name, dupName])
      await list
        .rows()
        .filter({ has: t.page.getByText(name, { exact: true }) })
        .getByRole('checkbox')
        .check();
    await t.page.getByRole('button', { name: 'Merge' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Merge 2 records' });
    // the one with the most installs is suggested as the one to keep
    const kept = dialog.getByRole('radio', { name: `${keep.name} (${keep.total_installs} install` });
    expect(await kept.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await t.page.getByText(`Merged into ${keep.name}: 0 installs moved`).waitFor();
    await expect
      .poll(async () => (await api.get<{ data: Plugin[] }>(`${PLUGINS}${query({ slug: dup.slug })}`)).data)
      .toEqual([]);
    expect(await totalOf(api, INSTALLED_PLUGINS, { plugin_id: keep.id })).toBe(keep.total_installs);
    expect(t.errors).toEqual([]);
  });

  it("shows a connected demo website's Wordpress tab: state, versions and installed plugins", async () => {
    const { data } = await api.get<{ data: Connection[] }>(
      `${WP_SITES}?perPage=100&sortBy=url&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ state: 'connected' }))}`,
    );
    const site = data.find((c) => !c.application_password_set)!;
    expect(site).toBeDefined();
    const installs = await totalOf(api, INSTALLED_PLUGINS, { website_id: site.website_id });

    await t.page.goto(`./#/${WEBSITES}/${site.website_id}/show/wordpress`);
    const panel = t.page.getByTestId('wp-connection');
    await panel.waitFor();
    await panel.getByText('Connected', { exact: true }).waitFor();
    const record = new RecordPage(t.page);
    expect((await record.field('WordPress').innerText()).trim()).toContain(site.core_version ?? 'N/A');
    expect(await t.page.getByTestId('wp-core-update').innerText()).not.toBe('');
    const plugins = t.page.getByTestId('reference-list-installed-plugins');
    await plugins
      .getByTestId('reference-total')
      .filter({ hasText: /record/ })
      .waitFor();
    expect(await plugins.getByTestId('reference-total').innerText()).toBe(
      installs === 1 ? '1 record' : `${installs} records`,
    );
    expect(await t.page.getByRole('button', { name: 'Disconnect' }).isVisible()).toBe(true);
    expect(t.errors).toEqual([]);
  });

  it("answers 'update WP data' on a demo website with the SPEC §8 error dialog: demo sites are never contacted", async () => {
    // A demo connection: the real sites of wordpress-real.test.ts (http://127.0.0.1:…) sort first by URL when
    // that file has run before this one, and they store a password.
    const { data } = await api.get<{ data: Connection[] }>(
      `${WP_SITES}?perPage=100&sortBy=url&sortOrder=ASC`,
    );
    const site = data.find((c) => !c.application_password_set)!;
    expect(site).toBeDefined();
    await t.page.goto(`./#/${WEBSITES}/${site.website_id}/show`);
    await t.page.getByRole('button', { name: 'Update WP data' }).click();
    await t.page
      .getByRole('menuitem', { name: actions.wordpress.WORDPRESS_SITE_ACTION_LABELS['update-status'] })
      .click();
    const dialog = t.page.getByRole('dialog');
    // The demo connection stores no password: the server refuses before anything is sent to the site.
    await dialog.getByText(/^Error: .*no application password is stored/).waitFor();
    expect(await dialog.getByRole('link', { name: 'Check action status' }).count()).toBe(0);
  });

  it('opens every WordPress screen and tab without a console error', async () => {
    const r = resources;
    const screens: Array<[string, string[]]> = [
      [r.plugins.path, ['show', 'show/installs', 'show/bulk-actions', 'edit']],
      [r.themes.path, ['show', 'show/installs']],
      [r.wpUsers.path, ['show', 'show/websites']],
      [r.posts.path, ['show']],
      [r.publicProductsLimited.path, []],
      [r.wpSites.path, ['show']],
      [r.installedPlugins.path, ['show']],
      [r.sitemaps.path, ['show']],
    ];
    for (const [resource, pages] of screens) {
      const list = new ListPage(t.page, resource);
      await list.goto();
      const { data } = await api.get<{ data: Array<{ id: number }> }>(`${resource}?perPage=1`);
      for (const page of data[0] ? pages : []) {
        await t.page.goto(`./#/${resource}/${data[0]!.id}/${page}`);
        await t.page.locator('.RaShow-main, .RaEdit-main').first().waitFor();
        await t.page.waitForLoadState('networkidle');
      }
    }
    await t.page.goto(`./#/${PLUGINS}/create`);
    await t.page.getByLabel('Source (zip URL)').waitFor();
    expect(t.errors).toEqual([]);
  });
});
