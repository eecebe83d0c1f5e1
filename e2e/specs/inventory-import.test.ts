import { resources } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { ImportDialog } from '../pages/ImportDialog';
import { ListPage } from '../pages/ListPage';
import { adminApi, findOne, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

const DOMAINS = resources.domains.path;

describe('inventory: bulk domain import (SPEC §4, §5)', () => {
  const t = browserSuite({ signedIn: true });

  it('shows each row state, and importing the same file again adds nothing', async () => {
    const api = await adminApi();
    const existing = await findOne<{ id: number; name: string }>(api, DOMAINS, {}, 'name');
    const fresh = `${unique('e2e-import')}.com`;
    const csv = `Name;Notes\n${fresh};bought for e2e\n;a row without a name\n${existing.name};already ours\n`;

    const list = new ListPage(t.page, DOMAINS);
    await list.goto();
    const dialog = new ImportDialog(t.page);
    await dialog.open();
    await dialog.chooseFile('domains.csv', csv);
    expect((await dialog.rows()).map((r) => [r.name, r.status, r.message])).toEqual([
      [fresh, 'Ready', ''],
      ['', 'Not valid', 'Name: Required'],
      [existing.name, 'Exists', 'The name has already been taken'],
    ]);

    expect(await dialog.run()).toBe('1 new, 1 already in the portfolio, 1 not valid, 0 errors');
    expect((await dialog.rows()).map((r) => [r.line, r.status, r.message])).toEqual([
      ['2', 'Imported', ''],
      ['3', 'Not valid', 'Name: Required'],
      ['4', 'Imported', 'The name has already been taken'],
    ]);
    await dialog.close();
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ name: fresh }))}`);
    await expect.poll(() => list.columnTexts(0)).toEqual([fresh]);

    // the same file again: nothing new
    await dialog.open();
    await dialog.chooseFile('domains.csv', csv);
    expect(await dialog.run()).toBe('0 new, 2 already in the portfolio, 1 not valid, 0 errors');
    expect((await dialog.rows()).map((r) => r.status)).toEqual(['Imported', 'Not valid', 'Imported']);
    await dialog.close();
    const { meta } = await api.get<{ meta: { total: number } }>(
      `${DOMAINS}?filter=${encodeURIComponent(JSON.stringify({ name: fresh }))}`,
    );
    expect(meta.total).toBe(1);
    expect(t.errors).toEqual([]);
  });
});
