import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { actions, resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { CronRunPage } from '../pages/CronRunPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

/**
 * The WordPress fleet against real local sites (scripts/wordpress/up.sh, Debian's packages): connect a site
 * from its Wordpress tab, run 'update WP data', bulk-deactivate a plugin on two sites, merge two plugins and
 * log in to wp-admin with one click.
 */

interface RealSite {
  url: string;
  user: string;
  app_password: string;
  companion: boolean;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const available = process.env.CI === 'true' || (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'));
const WEBSITES = resources.websites.path;
const PLUGINS = resources.plugins.path;
const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe.skipIf(!available)('wordpress fleet against real local sites', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;
  let sites: RealSite[];
  const ids: number[] = [];

  const website = async (name: string) =>
    (
      await api.post<{ data: { id: number } }>(WEBSITES, {
        url: `https://${unique(name)}.example.com`,
        target_market: 'UK',
        type: 'MONEY',
      })
    ).data.id;
  const connection = async (websiteId: number) =>
    (
      await api.get<{ data: { state: string; core_version: string | null }[] }>(
        `${resources.wpSites.path}?${filter({ website_id: websiteId })}`,
      )
    ).data[0];
  const fixture = async () =>
    (
      await api.get<{ data: { id: number; slug: string; name: string; total_installs: number }[] }>(
        `${PLUGINS}?${filter({ slug: 'sitefleet-fixture' })}`,
      )
    ).data.find((p) => p.slug === 'sitefleet-fixture')!;

  beforeAll(async () => {
    const up = spawnSync('bash', [path.join(root, 'scripts', 'wordpress', 'up.sh')], { encoding: 'utf8' });
    if (up.status !== 0) throw new Error(`scripts/wordpress/up.sh failed:\n${up.stdout}\n${up.stderr}`);
    const state = process.env.WP_STATE || '/tmp/sitefleet-wp';
    sites = JSON.parse(readFileSync(path.join(state, 'sites.json'), 'utf8')) as RealSite[];
    api = await adminApi();
    ids.push(await website('real-wp'), await website('real-wp'));
  });

  it('connects a site from its Wordpress tab and shows what the first sync read', async () => {
    const site = sites[1]!;
    await t.page.goto(`./#/${WEBSITES}/${ids[0]}/show/wordpress`);
    const form = t.page.getByTestId('wp-connect');
    await form.getByLabel('WordPress URL').fill(site.url);
    await form.getByLabel('User').fill(site.user);
    await form.getByLabel('Application password').fill(site.app_password);
    await form.getByRole('button', { name: /connect/i }).click();
    await t.page.getByTestId('wp-connection').waitFor();
    await expect.poll(async () => (await connection(ids[0]!))?.state, { timeout: 60_000 }).toBe('connected');
    await t.page.reload();
    const panel = t.page.getByTestId('wp-connection');
    await panel.getByText('Connected', { exact: true }).waitFor();
    expect(await t.page.getByTestId('wp-core-update').innerText()).toMatch(/package manager/);
    expect(t.errors).toEqual([]);
  });

  it("runs 'update WP data' and follows the dialog to the finished run", async () => {
    await t.page.goto(`./#/${WEBSITES}/${ids[0]}/show`);
    await t.page.getByRole('button', { name: 'Update WP data' }).click();
    await t.page
      .getByRole('menuitem', { name: actions.wordpress.WORDPRESS_SITE_ACTION_LABELS['update-status'] })
      .click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByText('Success: true').waitFor();
    await dialog.getByRole('link', { name: 'Check action status' }).click();
    const run = new CronRunPage(t.page);
    await run.waitForRun();
    await run.waitUntilDone();
    const done = await run.outputs('Success output');
    expect(done.map((o) => o.message).join(' ')).toMatch(/WordPress \d+\.\d+/);
    expect(t.errors).toEqual([]);
  });

  it('bulk-deactivates a plugin on two sites from its Bulk Actions tab', async () => {
    const other = sites[0]!;
    await api.post(`dms/api/v1/wordpress/${ids[1]}/connect`, {
      url: other.url,
      username: other.user,
      application_password: other.app_password,
    });
    await expect.poll(async () => (await fixture())?.total_installs, { timeout: 60_000 }).toBe(2);
    const plugin = await fixture();
    await t.page.goto(`./#/${PLUGINS}/${plugin.id}/show`);
    await t.page.getByRole('tab', { name: 'Bulk Actions' }).click();
    await t.page.getByLabel('Operation').click();
    await t.page.getByRole('option', { name: /deactivate/i }).click();
    await t.page.getByRole('button', { name: /Choose all 2/ }).click();
    await t.page.getByRole('button', { name: 'Run on 2 sites' }).click();
    const run = new CronRunPage(t.page);
    await run.waitForRun();
    await run.waitUntilDone();
    expect(await run.outputs('Success output')).toHaveLength(2);
    for (const site of [sites[0]!, sites[1]!]) {
      const res = await fetch(`${site.url}/wp-json/wp/v2/plugins/sitefleet-fixture/sitefleet-fixture`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${site.user}:${site.app_password}`).toString('base64')}`,
        },
      });
      expect(((await res.json()) as { status: string }).status).toBe('inactive');
    }
    expect(t.errors).toEqual([]);
  });

  it('merges two plugins from the list', async () => {
    const keep = await fixture();
    const dupName = `${keep.name} ${unique('copy')}`;
    await api.post(PLUGINS, { name: dupName, slug: unique('fixture-copy') });
    await t.page.goto(`./#/${PLUGINS}?${filter({ name: keep.name })}`);
    for (const name of [keep.name, dupName])
      await t.page
        .getByRole('row')
        .filter({ has: t.page.getByText(name, { exact: true }) })
        .getByRole('checkbox')
        .check();
    await t.page.getByRole('button', { name: 'Merge' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Merge 2 records' });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await t.page.getByText(`Merged into ${keep.name}: 0 installs moved`).waitFor();
    expect((await fixture()).total_installs).toBe(2);
    expect(t.errors).toEqual([]);
  });

  it('logs in to wp-admin with one click, as the staff member’s own WordPress user', async () => {
    await t.page.goto(`./#/${WEBSITES}/${ids[0]}/show`);
    const popup = t.context.waitForEvent('page');
    await t.page.getByRole('button', { name: 'Admin login' }).click();
    const failed = t.page.getByText(/Admin login failed/);
    const admin = await Promise.race([
      popup,
      failed.waitFor({ timeout: 30_000 }).then(async () => {
        throw new Error(await failed.innerText());
      }),
    ]);
    await admin.waitForURL(/\/wp-admin\/$/);
    await admin.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await admin.content()).toMatch(/sitefleet-\d+/);
    await admin.close();
  });
});
