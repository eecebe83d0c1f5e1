import { resources } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { ImportDialog } from '../pages/ImportDialog';
import { ListPage } from '../pages/ListPage';
import { adminApi, findOne, unique } from '../support/api';
import { browserSuite } from '../support/fixture';

const LINKS = resources.externalBacklinks.path;
const DAY = 86_400;

describe('external backlinks: bulk import from CSV (issue 18)', () => {
  const t = browserSuite({ signedIn: true });

  it('previews each row with its field errors, imports the valid ones and lists them', async () => {
    const api = await adminApi();
    const site = await findOne<{ id: number; hostname: string }>(api, resources.websites.path, {}, 'id');
    const publisher = `${unique('e2e-publisher')}.example`;
    const page = (n: number) => `https://${publisher}/post-${n}/`;
    const target = `https://${site.hostname}/reviews/`;
    const csv = [
      'Backlink;Target URL;Website;Anchor;Price;Currency;Permanent;Start date;Duration (days)',
      `${page(1)};${target};${site.hostname};imported anchor;120;EUR;no;2026-02-01;90`,
      `${page(2)};${target};${site.hostname};imported anchor;80;XYZ;no;2026-02-01;90`,
      `${page(3)};${target};${site.id};imported for good;300;USD;yes;2026-02-01;`,
    ].join('\n');

    const list = new ListPage(t.page, LINKS);
    await list.goto();
    const dialog = new ImportDialog(t.page, 'Import external backlinks');
    await dialog.open();
    await dialog.chooseFile('ledger.csv', csv);
    const preview = await dialog.rows();
    expect(preview.map((r) => [r.line, r.name, r.status, r.message])).toEqual([
      ['2', page(1), 'Ready', ''],
      ['3', page(2), 'Not valid', 'Currency: Unknown currency: XYZ'],
      ['4', page(3), 'Ready', ''],
    ]);
    expect(preview[1]!.errors).toEqual({ currency: 'Unknown currency: XYZ' });

    expect(await dialog.run()).toBe('2 new, 0 already in the ledger, 1 not valid, 0 errors');
    expect((await dialog.rows()).map((r) => r.status)).toEqual(['Imported', 'Not valid', 'Imported']);
    await dialog.close();

    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ backlink: publisher }))}`);
    // The list shortens long URLs: its anchors (the third column) tell the two rows apart.
    await expect
      .poll(async () => (await list.columnTexts(2)).sort())
      .toEqual(['imported anchor', 'imported for good']);

    // Stored by the form rules of a create: the paid period ends 90 days on, a permanent link has none.
    const stored = await api.get<{ data: Array<Record<string, unknown>> }>(
      `${LINKS}?sortBy=id&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify({ backlink: publisher }))}`,
    );
    const start = Date.UTC(2026, 1, 1) / 1000;
    expect(
      stored.data.map((r) => [r.backlink, r.website_id, r.currency, r.permanent, r.duration, r.end_date]),
    ).toEqual([
      [page(1), site.id, 'EUR', false, 90, start + 90 * DAY],
      [page(3), site.id, 'USD', true, null, null],
    ]);
    expect(t.errors).toEqual([]);
  });
});
