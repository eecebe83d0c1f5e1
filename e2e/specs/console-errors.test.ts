import { resources } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';

interface Screens {
  resource: string;
  edit: boolean;
  create: boolean;
  /** Show-page tabs to open too (the inventory specs open the others). */
  extra?: string[];
}

const r = resources;
const SCREENS: Screens[] = [
  { resource: r.tags.path, edit: true, create: true },
  { resource: r.users.path, edit: true, create: true, extra: ['show/access', 'show/activity'] },
  { resource: r.roles.path, edit: true, create: true, extra: ['show/permissions'] },
  { resource: r.permissions.path, edit: false, create: false },
  { resource: r.websites.path, edit: true, create: true },
  { resource: r.domains.path, edit: true, create: true, extra: ['show/whois'] },
  { resource: r.dnsRecords.path, edit: false, create: false },
  { resource: r.registrars.path, edit: true, create: false, extra: ['show/nameservers'] },
  { resource: r.registrants.path, edit: false, create: false, extra: ['show/domains'] },
  { resource: r.nameservers.path, edit: false, create: false, extra: ['show/domains'] },
  {
    resource: r.servers.path,
    edit: true,
    create: true,
    extra: ['show/websites', 'show/ip-addresses', 'show/opcache', 'show/details'],
  },
  { resource: r.ipAddresses.path, edit: true, create: true, extra: ['show/websites'] },
  { resource: r.proxyServers.path, edit: true, create: true },
  { resource: r.envs.path, edit: true, create: true },
  { resource: r.repositories.path, edit: true, create: true, extra: ['show/websites'] },
  { resource: r.monitors.path, edit: true, create: true },
];

describe('no console errors', () => {
  const t = browserSuite({ signedIn: true });
  const firstIds: Record<string, number> = {};

  beforeAll(async () => {
    const api = await adminApi();
    for (const { resource } of SCREENS) {
      const { data } = await api.get<{ data: Array<{ id: number }> }>(`${resource}?perPage=1`);
      firstIds[resource] = data[0]!.id;
    }
  });

  it('on the dashboard and the signature generator', async () => {
    await t.page.getByText('Please select a Money Site').waitFor();
    await t.page.goto('./#/signature');
    await t.page.getByLabel('Skype').waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(t.errors).toEqual([]);
  });

  for (const { resource, edit, create, extra = [] } of SCREENS) {
    it(`on every screen of ${resource}`, async () => {
      const id = firstIds[resource];
      const screens = [
        resource,
        `${resource}/${id}/show`,
        ...extra.map((tab) => `${resource}/${id}/${tab}`),
        ...(edit ? [`${resource}/${id}`] : []),
        ...(create ? [`${resource}/create`] : []),
      ];
      for (const screen of screens) {
        await t.page.goto(`./#/${screen}`);
        await t.page
          .locator(
            '#main-content form, #main-content .RaDataTable-table, #main-content [role="tablist"], #main-content .RaShow-main',
          )
          .first()
          .waitFor();
        await t.page.waitForLoadState('networkidle');
      }
      expect(t.errors).toEqual([]);
    });
  }
});
