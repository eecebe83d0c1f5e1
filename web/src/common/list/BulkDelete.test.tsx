import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { DELETE_CONFIRM } from '../record/messages';
import { ResourceList } from './ResourceList';

const DOMAINS = resources.domains.path;
const IP_ADDRESSES = resources.ipAddresses.path;

function setup(resource: string, names: string[]) {
  const rows = names.map((name, i) => ({ id: i + 1, name }));
  const dataProvider = {
    getList: vi.fn(async () => ({ data: rows, total: rows.length })),
    getMany: vi.fn(async () => ({ data: [] })),
    deleteMany: vi.fn(async (_: string, { ids }: { ids: number[] }) => ({ data: ids })),
  };
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={resource}>
          <ResourceList columns={[{ source: 'name', label: 'Name' }]} />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return dataProvider;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('bulk delete (SPEC §5)', () => {
  it("titles the confirmation with the count and the resource's label, not its path", async () => {
    const dp = setup(DOMAINS, ['alpha.test', 'beta.test', 'gamma.test']);
    await screen.findByText('gamma.test');
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 3 domains');
    expect(dialog.textContent).toContain(DELETE_CONFIRM);
    expect(dialog.textContent).not.toContain('api/v1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(dp.deleteMany).toHaveBeenCalledWith(DOMAINS, expect.objectContaining({ ids: [1, 2, 3] })),
    );
  });

  it('says the singular for one record', async () => {
    setup(IP_ADDRESSES, ['203.0.113.7', '203.0.113.8']);
    fireEvent.click(within(await rowOf('203.0.113.8')).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete 1 IP address');
  });
});
