import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { adminApi, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

const TAGS = 'dms/api/v1/tags';
const COUNT = 30;

describe('list paging', () => {
  const t = browserSuite({ signedIn: true });
  let prefix: string;
  let names: string[];

  beforeAll(async () => {
    const api = await adminApi();
    prefix = unique('pagingtag');
    names = Array.from({ length: COUNT }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await api.post(TAGS, { name });
  });

  /** The list request of the tags that carries the given cursor parameter. */
  const listRequest = (param: 'after' | 'before') =>
    t.page.waitForRequest((r: Request) => {
      const url = new URL(r.url());
      return url.pathname.endsWith(`/${TAGS}`) && url.searchParams.has(param);
    });

  it('moves to page 2 and back by cursor, showing the rows of each page', async () => {
    const list = new ListPage(t.page, TAGS);
    const filter = encodeURIComponent(JSON.stringify({ name: prefix }));
    await list.goto(`?filter=${filter}&sort=name&order=ASC&page=1&perPage=25`);
    expect(await list.columnTexts(0)).toEqual(names.slice(0, 25));
    expect(await t.page.getByText(`1-25 of ${COUNT}`).count()).toBe(1);

    const next = listRequest('after');
    await t.page.getByRole('button', { name: 'Go to next page' }).click();
    const forward = new URL((await next).url());
    expect(forward.searchParams.get('page')).toBe('2');
    await list.waitForData();
    await expect.poll(() => list.columnTexts(0)).toEqual(names.slice(25));
    expect(await t.page.getByText(`26-${COUNT} of ${COUNT}`).count()).toBe(1);

    const previous = listRequest('before');
    await t.page.getByRole('button', { name: 'Go to previous page' }).click();
    expect(new URL((await previous).url()).searchParams.get('page')).toBe('1');
    await list.waitForData();
    await expect.poll(() => list.columnTexts(0)).toEqual(names.slice(0, 25));
  });
});
