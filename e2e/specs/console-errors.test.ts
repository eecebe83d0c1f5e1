import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../support/api';
import { browserSuite } from '../support/fixture';

const RESOURCES = ['dms/api/v1/tags', 'ums/api/v1/users', 'ums/api/v1/roles', 'ums/api/v1/permissions'];
const EDITABLE = new Set(['dms/api/v1/tags', 'ums/api/v1/users', 'ums/api/v1/roles']);

describe('no console errors', () => {
  const t = browserSuite({ signedIn: true });
  const firstIds: Record<string, number> = {};

  beforeAll(async () => {
    const api = await adminApi();
    for (const resource of RESOURCES) {
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

  for (const resource of RESOURCES) {
    it(`on every screen of ${resource}`, async () => {
      const screens = [
        `${resource}`,
        `${resource}/${firstIds[resource]}/show`,
        ...(EDITABLE.has(resource) ? [`${resource}/${firstIds[resource]}`, `${resource}/create`] : []),
      ];
      for (const screen of screens) {
        await t.page.goto(`./#/${screen}`);
        await t.page
          .locator('#main-content form, #main-content .RaDataTable-table, #main-content [role="tablist"]')
          .first()
          .waitFor();
        await t.page.waitForLoadState('networkidle');
      }
      expect(t.errors).toEqual([]);
    });
  }
});
