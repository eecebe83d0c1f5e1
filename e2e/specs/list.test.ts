import { beforeAll, describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { adminApi, unique, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const TAGS = 'dms/api/v1/tags';
const USERS = 'ums/api/v1/users';

describe('generic list behaviour', () => {
  const t = browserSuite({ signedIn: true });
  /** The browser's own calendar day, as the console names export files. */
  const browserDay = () =>
    t.page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
  let api: Api;
  let prefix: string;

  beforeAll(async () => {
    api = await adminApi();
    prefix = unique('listtag');
    for (const n of ['alpha', 'beta', 'gamma']) await api.post(TAGS, { name: `${prefix}-${n}` });
  });

  it('shows 25 rows a page with 25/50/100 choices', async () => {
    const list = new ListPage(t.page, USERS);
    await list.goto();
    await t.page.getByRole('combobox', { name: /rows per page/i }).click();
    const options = await t.page.getByRole('option').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual(['25', '50', '100']);
    await t.page.keyboard.press('Escape');
  });

  it('keeps the chosen columns across a reload', async () => {
    const list = new ListPage(t.page, USERS);
    await list.goto();
    expect(await list.headers()).toContain('Last name');
    await list.chooseColumns(['Last name', 'ID']);
    const chosen = await list.headers();
    expect(chosen).not.toContain('Last name');
    expect(chosen).toContain('ID');
    await t.page.reload();
    await list.waitForData();
    expect(await list.headers()).toEqual(chosen);
  });

  it('applies advanced filters as removable chips', async () => {
    const list = new ListPage(t.page, TAGS);
    await list.goto();
    const all = await list.rows().count();
    await list.advancedFilter({ Name: `${prefix}-beta` });
    expect(await list.chips().allInnerTexts()).toEqual([`Name: ${prefix}-beta`]);
    expect(await list.columnTexts(0)).toEqual([`${prefix}-beta`]);
    expect(list.filterParam()).toEqual({ name: `${prefix}-beta` });
    await list.removeChip('Name');
    await expect.poll(() => list.chips().count()).toBe(0);
    expect(await list.rows().count()).toBe(all);
    expect(list.filterParam()).toEqual({});
  });

  it('reads the filter from the URL and writes it back', async () => {
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: prefix }))}`);
    expect(await list.columnTexts(0)).toEqual([`${prefix}-alpha`, `${prefix}-beta`, `${prefix}-gamma`]);
    expect(await list.chips().allInnerTexts()).toEqual([`Name: ${prefix}`]);
    await list.search('gamma');
    expect(list.filterParam()).toEqual({ name: prefix, q: 'gamma' });
    expect(await list.columnTexts(0)).toEqual([`${prefix}-gamma`]);
  });

  it("shows 'No Rows Found :(' when nothing matches", async () => {
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: 'no-such-tag-anywhere' }))}`);
    await list.empty().waitFor();
  });

  it('exports the visible columns to CSV, in a file named after the resource and the day', async () => {
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: prefix }))}`);
    await list.chooseColumns(['Updated at']);
    const headers = await list.headers();
    expect(headers).toEqual(['Name', 'Created at']);
    const file = await list.exportFile('CSV');
    expect(file.name).toBe(`tags-${await browserDay()}.csv`);
    const csv = file.bytes
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Name,Created at');
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual([
      `${prefix}-alpha`,
      `${prefix}-beta`,
      `${prefix}-gamma`,
    ]);
    expect(csv[1]).toMatch(
      /^[^,]+,\d\d-\d\d-\d{4}, \d\d:\d\d:\d\d$|^[^,]+,"\d\d-\d\d-\d{4}, \d\d:\d\d:\d\d"$/,
    );
  });

  it('exports to Excel (xlsx)', async () => {
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: prefix }))}`);
    const file = await list.exportFile('Excel');
    expect(file.name).toBe(`tags-${await browserDay()}.xlsx`);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('copies the list to the clipboard', async () => {
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: prefix }))}`);
    await t.page.getByRole('button', { name: 'Copy' }).click();
    await t.page.getByText('Items copied to clipboard').waitFor();
    const text = await t.page.evaluate(() => navigator.clipboard.readText());
    expect(text.split('\n')[0]).toBe('Name\tCreated at\tUpdated at');
    expect(text.split('\n')).toHaveLength(4);
  });

  it('deletes selected rows in bulk after a confirmation that counts them', async () => {
    const bulk = unique('bulktag');
    for (const n of ['one', 'two', 'three']) await api.post(TAGS, { name: `${bulk}-${n}` });
    const list = new ListPage(t.page, TAGS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: bulk }))}`);
    expect(await list.rows().count()).toBe(3);
    const dialog = t.page.getByRole('dialog');
    await list
      .rows()
      .filter({ hasText: `${bulk}-one` })
      .getByRole('checkbox')
      .check();
    await t.page.getByRole('button', { name: 'Delete' }).click();
    expect((await dialog.getByRole('heading').innerText()).trim()).toBe('Delete 1 tag');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await t.page.getByRole('checkbox', { name: /select all/i }).check();
    await t.page.getByRole('button', { name: 'Delete' }).click();
    expect((await dialog.getByRole('heading').innerText()).trim()).toBe('Delete 3 tags');
    expect(await dialog.innerText()).toContain(
      "Are you sure you want to delete this entity? You won't be able to undo your changes!",
    );
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await list.empty().waitFor();
  });
});
