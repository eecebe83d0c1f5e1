import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  ResourceContextProvider,
  testDataProvider,
  type GetListResult,
  type GetManyResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../../providers/i18n';
import { col } from '../cells';
import type { ColumnDef } from '../columns';
import { ResourceList } from '../ResourceList';
import { CellChip, CellLink } from './cellParts';

const ROWS: RaRecord[] = [
  { id: 1, name: 'alpha', server_id: 10 },
  { id: 2, name: 'beta', server_id: 11 },
  { id: 3, name: 'gamma', server_id: 10 },
  { id: 4, name: 'delta', server_id: null },
];
const SERVERS: Record<string, RaRecord> = {
  10: { id: 10, name: 'web-1' },
  11: { id: 11, name: 'web-2' },
};

const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.reference('server_id', 'Server', 'servers'),
  { source: 'elsewhere', label: 'Elsewhere', render: () => <CellLink to="/elsewhere">open</CellLink> },
  {
    source: 'size',
    label: 'Size',
    render: (r) => <CellChip label={String(r.name).length} tip={`${String(r.name)} size`} />,
  },
];

const Location = () => <output data-testid="location">{useLocation().pathname}</output>;

function setup() {
  const calls = {
    getList: vi.fn((_resource: string) => ({ data: ROWS, total: ROWS.length })),
    getMany: vi.fn((_resource: string, ids: readonly Identifier[]) => ({
      data: ids.flatMap((id) => SERVERS[String(id)] ?? []),
    })),
  };
  // react-admin's testDataProvider: methods not given here reject; the spies record what the table asks
  const dataProvider = testDataProvider({
    getList: async <R extends RaRecord>(resource: string) => calls.getList(resource) as GetListResult<R>,
    getMany: async <R extends RaRecord>(resource: string, { ids }: { ids: Identifier[] }) =>
      calls.getMany(resource, ids) as GetManyResult<R>,
  });
  render(
    <MemoryRouter initialEntries={['/things']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="things">
          <ResourceList columns={columns} />
        </ResourceContextProvider>
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const location = () => screen.getByTestId('location').textContent;

describe('list table rows', () => {
  it("reads a reference column's names for the whole page with one get-many, linking each to its record", async () => {
    const dp = setup();
    const alpha = await rowOf('alpha');
    const link = await within(alpha).findByRole('link', { name: 'web-1' });
    expect(link.getAttribute('href')).toBe('/servers/10/show');
    expect(within(await rowOf('gamma')).getByRole('link', { name: 'web-1' })).toBeTruthy();
    expect(within(await rowOf('delta')).getByText('N/A')).toBeTruthy();
    expect(dp.getMany).toHaveBeenCalledTimes(1);
    expect(dp.getMany).toHaveBeenCalledWith('servers', ['10', '11']);
  });

  it("opens a row's record on click, while a link in a cell goes where it points", async () => {
    setup();
    fireEvent.click(within(await rowOf('beta')).getByText('beta'));
    await waitFor(() => expect(location()).toBe('/things/2/show'));
    fireEvent.click(within(await rowOf('gamma')).getByRole('link', { name: 'open' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it("shows a cell's tooltip while the pointer is on it, and the next cell's when it moves on", async () => {
    setup();
    const chip = within(await rowOf('alpha')).getByText('5');
    fireEvent.mouseOver(chip);
    expect((await screen.findByRole('tooltip')).textContent).toBe('alpha size');
    fireEvent.mouseOut(chip, { relatedTarget: within(await rowOf('delta')).getByText('5') });
    fireEvent.mouseOver(within(await rowOf('delta')).getByText('5'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('delta size'));
    fireEvent.mouseOut(within(await rowOf('delta')).getByText('5'), { relatedTarget: document.body });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('selects rows with their checkboxes, a shift-click taking the rows between', async () => {
    setup();
    fireEvent.click(within(await rowOf('alpha')).getByRole('checkbox', { name: 'Select this row' }));
    expect(await screen.findByText(/1 item selected/i)).toBeTruthy();
    fireEvent.click(within(await rowOf('gamma')).getByRole('checkbox'), { shiftKey: true });
    expect(await screen.findByText(/3 items selected/i)).toBeTruthy();
    expect((within(await rowOf('beta')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(await rowOf('delta')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(location()).toBe('/things');
  });
});
