import { resources } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { ListPage } from '../pages/ListPage';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

const REGISTRARS = resources.registrars.path;
const DOMAINS = resources.domains.path;

interface Registrar {
  id: number;
  registrar: string;
  domains_count: number;
}

async function registrarNamed(api: Api, name: string): Promise<Registrar> {
  const res = await api.get<{ data: Registrar[] }>(
    `${REGISTRARS}?perPage=50&filter=${encodeURIComponent(JSON.stringify({ registrar: name }))}`,
  );
  const found = res.data.find((r) => r.registrar === name);
  if (!found) throw new Error(`registrar ${name} not found`);
  return found;
}

describe('inventory: registrars merge (SPEC §2.5, §7.4)', () => {
  const t = browserSuite({ signedIn: true });

  it('merges "Namecheap" into "NameCheap, Inc." and moves its domains', async () => {
    const api = await adminApi();
    const keep = await registrarNamed(api, 'NameCheap, Inc.');
    const other = await registrarNamed(api, 'Namecheap');
    // give the duplicate spelling two domains of its own
    const { data: domains } = await api.get<{ data: Array<{ id: number; version: number }> }>(
      `${DOMAINS}?perPage=2&sortBy=id&filter=${encodeURIComponent(JSON.stringify({ registrar_id: keep.id }))}`,
    );
    for (const d of domains)
      await api.put(`${DOMAINS}/${d.id}`, { registrar_id: other.id, version: d.version });
    const total = keep.domains_count + other.domains_count;

    const list = new ListPage(t.page, REGISTRARS);
    await list.goto(`?filter=${encodeURIComponent(JSON.stringify({ registrar: 'namecheap' }))}`);
    const rows = async () => {
      const [names, counts] = [await list.columnTexts(0), await list.columnTexts(5)];
      return names.map((name, i) => `${name}: ${counts[i]}`).sort();
    };
    expect(await rows()).toEqual([
      `NameCheap, Inc.: ${total - 2} domains`,
      `Namecheap: ${other.domains_count + 2} domains`,
    ]);

    await t.page.getByRole('checkbox', { name: /select all/i }).check();
    await t.page.getByRole('button', { name: 'Merge' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Merge 2 records' });
    // the one with the most domains is suggested as the one to keep
    expect(await dialog.getByRole('radio', { name: /^NameCheap, Inc\./ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await t.page.getByText(`Merged into NameCheap, Inc.: ${other.domains_count + 2} domains moved`).waitFor();
    await expect.poll(() => list.columnTexts(0)).toEqual(['NameCheap, Inc.']);
    expect(await list.columnTexts(5)).toEqual([`${total} domains`]);
    expect(await list.columnTexts(4)).toEqual(['Namecheap']);
    expect(t.errors).toEqual([]);
  });
});
