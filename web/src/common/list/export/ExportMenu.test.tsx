import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ListContextProvider, type DataProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../../providers/i18n';
import { ExportMenu } from './ExportMenu';
import { REFERENCED_EXPORT_CONFIRM, type ExportColumn } from './exportRules';

const columns: ExportColumn[] = [
  { source: 'email', label: 'Email' },
  { source: 'roles', label: 'Roles', reference: { resource: 'roles', optionText: 'name' } },
];

function setup(total: number) {
  const dataProvider = {
    getList: vi.fn(async () => ({ data: [{ id: 1, email: '=cmd', roles: [7] }], total })),
    getMany: vi.fn(async () => ({ data: [{ id: 7, name: 'ADMIN' }] })),
  } as unknown as DataProvider;
  const list = {
    resource: 'ums/api/v1/users',
    filterValues: { name: 'a' },
    sort: { field: 'name', order: 'ASC' },
    total,
  } as unknown as ListControllerResult;
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  // the download link must not navigate the test window
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ListContextProvider value={list}>
        <ExportMenu columns={columns} />
      </ListContextProvider>
    </AdminContext>,
  );
  const exportCsv = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByText('Export to CSV'));
  };
  return { dataProvider, blobs, exportCsv };
}

describe('export with references', () => {
  it('resolves reference names up to 100 rows, with the list filter and formula escaping', async () => {
    const { dataProvider, blobs, exportCsv } = setup(100);
    await exportCsv();
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(dataProvider.getList).toHaveBeenCalledWith('ums/api/v1/users', {
      pagination: { page: 1, perPage: 5000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { name: 'a' },
    });
    expect(await blobs[0]!.text()).toBe("\ufeffEmail,Roles\r\n'=cmd,ADMIN");
  });

  it('above 100 rows asks first; declining cancels, accepting exports without names', async () => {
    const { dataProvider, blobs, exportCsv } = setup(101);
    await exportCsv();
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(REFERENCED_EXPORT_CONFIRM)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataProvider.getList).not.toHaveBeenCalled();

    await exportCsv();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(dataProvider.getMany).not.toHaveBeenCalled();
    expect(await blobs[0]!.text()).toBe("\ufeffEmail,Roles\r\n'=cmd,7");
  });
});

describe('export to Excel', () => {
  it('writes an xlsx workbook (zip) lazily', async () => {
    const { toXlsxBlob } = await import('./xlsx');
    const blob = await toXlsxBlob(['Name'], [['a'], [null], ['NOT EXPORTED']]);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  });
});
