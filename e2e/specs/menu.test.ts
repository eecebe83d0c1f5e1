import { beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/LoginPage';
import { ListPage } from '../pages/ListPage';
import { Shell } from '../pages/Shell';
import { adminApi, createUser, unique } from '../support/api';
import { browserSuite } from '../support/fixture';
import { inject } from 'vitest';

const CHECKERS = ['Deindex checker', 'Keyword checker'];
const COMMANDS = ['DMS commands', 'UMMS commands', 'Analytics commands'];
const AUDIT = ['Audit log'];
const WORDPRESS = [
  'Plugins',
  'Themes',
  'WP Users',
  'Posts',
  'Public products',
  'WordPress connections',
  'Installed plugins',
  'Sitemaps',
];
const SEO = [
  'Ahrefs metrics',
  'Lighthouse metrics',
  'GA properties',
  'AccuRanker domains',
  'Earnings',
  'External backlinks',
  'Backlink warnings',
  'Anti-text diversity',
  'DM links',
  'Disavowed domains',
  'Affiliate links',
  'Service discovery',
  'AI content',
  'Narrativa schedules',
  'Tasks',
  'Link providers',
  'Marketplace providers',
  'Analytics requests',
];
const ALL = [
  'Dashboard',
  'Websites',
  'Domains',
  'DNS Records',
  'Registrars',
  'Registrants',
  'Nameservers',
  'Tags',
  ...WORDPRESS,
  ...SEO,
  'Notifications',
  'Signature generator',
  ...CHECKERS,
  'Footprint graph',
  'Monitors',
  'Servers',
  'IP Addresses',
  'Proxy Servers',
  'Environment variables',
  'DMS cron jobs',
  'UMMS cron jobs',
  'Analytics cron jobs',
  ...COMMANDS,
  'Repositories',
  'Users',
  'Roles',
  'Permissions',
  ...AUDIT,
];

describe('menu and permissions', () => {
  const t = browserSuite();
  let viewer: { email: string; password: string };
  let tagsReader: { email: string; password: string };

  beforeAll(async () => {
    const api = await adminApi();
    viewer = await createUser(api, 'VIEWER');
    const perms = await api.get<{ data: Array<{ id: number; method: string; route: string }> }>(
      'ums/api/v1/permissions?perPage=999',
    );
    const tagReads = perms.data.filter((p) => p.method === 'GET' && p.route.startsWith('/dms/api/v1/tags'));
    const role = await api.post<{ data: { id: number; name: string } }>('ums/api/v1/roles', {
      name: unique('TAGS_READER'),
      description: 'Reads tags only',
      permissions: tagReads.map((p) => p.id),
    });
    tagsReader = await createUser(api, role.data.name);
  });

  it('shows ADMIN every group and entry, with heartbeats', async () => {
    await new LoginPage(t.page).signIn(inject('adminEmail'), inject('adminPassword'));
    const shell = new Shell(t.page);
    expect(await shell.menuEntries()).toEqual(ALL);
    expect(await shell.menuGroups()).toEqual([
      'Websites',
      'Wordpress',
      'SEO and Tools',
      'Uptime Monitoring',
      'Servers',
      'Cron Jobs',
      'Repositories',
      'Administration',
    ]);
    await shell.heartbeats().waitFor();
    expect(await shell.heartbeats().innerText()).toMatch(/dms \d\d:\d\d:\d\d/);
  });

  it('shows a read-only VIEWER the screens it may read, without create buttons or heartbeats', async () => {
    await new LoginPage(t.page).signIn(viewer.email, viewer.password);
    const shell = new Shell(t.page);
    // the checkers only start runs (POST), which a viewer may not; commands and the audit log stay with admins
    expect(await shell.menuEntries()).toEqual(
      ALL.filter((e) => !CHECKERS.includes(e) && !COMMANDS.includes(e) && !AUDIT.includes(e)),
    );
    expect(await shell.heartbeats().count()).toBe(0);
    const tags = new ListPage(t.page, 'dms/api/v1/tags');
    await tags.goto();
    expect(await tags.rows().count()).toBeGreaterThan(0);
    expect(await t.page.getByRole('link', { name: 'Create' }).count()).toBe(0);

    // references (the users' roles) load through get-many, which needs only the list permission
    const users = new ListPage(t.page, 'ums/api/v1/users');
    await users.goto();
    await t.page.locator('.RaDataTable-tbody .MuiChip-root').first().waitFor();
    expect(t.errors).toEqual([]);
  });

  it('hides groups and entries a role cannot read', async () => {
    await new LoginPage(t.page).signIn(tagsReader.email, tagsReader.password);
    const shell = new Shell(t.page);
    expect(await shell.menuEntries()).toEqual(['Dashboard', 'Tags', 'Signature generator']);
    expect(await shell.menuGroups()).toEqual(['Websites', 'SEO and Tools']);
  });
});
