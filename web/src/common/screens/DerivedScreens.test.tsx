import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { defineResource, nameField, resources, type RecordOf } from '@sitefleet/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { resourceElement } from '../../resources/resourceElement';
import { defineScreens } from '../../resources/types';

/** A resource no console code knows: everything on its screens comes from this declaration. */
const gadgets = defineResource({
  name: 'gadgets',
  service: 'dms',
  path: 'dms/api/v1/gadgets',
  label: 'Gadgets',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(),
    color: { kind: 'enum', values: ['red', 'blue'], required: true, filter: 'eq' },
    size: { kind: 'integer', min: 1, max: 100, filter: 'range', sortable: true },
    tag_id: { kind: 'reference', reference: 'tags', label: 'Tag', filter: 'eq' },
  },
});
type Gadget = RecordOf<typeof gadgets.fields>;

/** Lazy screens load their chunk first; a loaded machine takes longer than the default second. */
const SLOW = { timeout: 5_000 };

const alpha: Gadget = {
  id: 1,
  name: 'alpha',
  color: 'red',
  size: 7,
  tag_id: 3,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  version: 2,
};

function open(path: string) {
  const dataProvider = {
    getList: vi.fn(async (resource: string) =>
      resource === gadgets.path
        ? { data: [alpha], total: 1 }
        : { data: [{ id: 3, name: 'blue-tag' }], total: 1 },
    ),
    getOne: vi.fn(async () => ({ data: alpha })),
    getMany: vi.fn(async () => ({ data: [{ id: 3, name: 'blue-tag' }] })),
    create: vi.fn(async (_: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...data, id: 9 },
    })),
    update: vi.fn(async (_: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...alpha, ...data },
    })),
  };
  const def = defineScreens(gadgets, { icon: CategoryOutlined, group: 'Websites' });
  const tags = defineScreens(resources.tags, { icon: CategoryOutlined, group: 'Websites' });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
        {[def, tags].map(resourceElement)}
      </Admin>
    </MemoryRouter>,
  );
  return dataProvider;
}

describe('screens derived from a declaration alone', () => {
  it('takes the name, label and record title from the declaration', () => {
    const def = defineScreens(gadgets, { icon: CategoryOutlined, group: 'Websites' });
    expect([def.name, def.label, def.recordRepresentation]).toEqual([gadgets.path, 'Gadgets', 'name']);
    expect([def.list, def.show, def.create, def.edit].every(Boolean)).toBe(true);
    const readOnly = defineScreens(resources.auditLog, { icon: CategoryOutlined, group: 'Administration' });
    expect([readOnly.create, readOnly.edit]).toEqual([undefined, undefined]);
  });

  it('lists the default columns and offers every declared filter', async () => {
    open(`/${gadgets.path}`);
    await screen.findByText('alpha', {}, SLOW);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Name', 'Color', 'Size', 'Tag', 'Created at', 'Updated at']),
    );
    expect(headers).not.toContain('ID');
    expect(await screen.findByText('blue-tag', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Advanced Filters/ }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    // The dialog's fields load when it opens.
    expect(await within(dialog).findByLabelText('Name', {}, SLOW)).toBeTruthy();
    for (const label of ['Color', 'Size from', 'Size to', 'Tag']) {
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    }
  });

  it('shows every field of a record under its label', async () => {
    open(`/${gadgets.path}/1/show`);
    expect(await screen.findByRole('tab', { name: 'Overview' }, SLOW)).toBeTruthy();
    expect((await screen.findAllByText('alpha')).length).toBeGreaterThan(0);
    expect(screen.getByText('red')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(await screen.findByText('blue-tag', {}, SLOW)).toBeTruthy();
  });

  it('creates with inputs that check what the declaration says (required, max)', async () => {
    const dp = open(`/${gadgets.path}/create`);
    const name = (await screen.findByRole('textbox', { name: /^Name/ }, SLOW)) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: 'beta' } });
    const size = screen.getByRole('spinbutton', { name: 'Size' });
    fireEvent.change(size, { target: { value: '500' } });
    fireEvent.blur(size);
    expect(await screen.findByText('Must be 100 or less')).toBeTruthy();
    fireEvent.change(size, { target: { value: '50' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Color/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'blue' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(dp.create).toHaveBeenCalled());
    expect(dp.create.mock.calls[0]![1].data).toMatchObject({ name: 'beta', color: 'blue', size: 50 });
  });

  it('edits a record with the same inputs', async () => {
    const dp = open(`/${gadgets.path}/1`);
    const name = (await screen.findByRole('textbox', { name: /^Name/ }, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('alpha'));
    fireEvent.change(name, { target: { value: 'alpha-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dp.update).toHaveBeenCalled());
    expect(dp.update.mock.calls[0]![1].data).toMatchObject({ name: 'alpha-2', version: 2 });
  });
});
