import { fireEvent, render, screen, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import { Admin, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18n';
import { resourceElement } from './resourceElement';
import type { ResourceDef } from './types';

const NAMESERVERS = resources.nameservers.path;
const REGISTRARS = resources.registrars.path;

const List = () => <p>the list</p>;
const Show = () => <p>a record</p>;
const Edit = () => <p>the edit form</p>;
const Create = () => <p>the create form</p>;

const def = (name: string, label: string, screens: Partial<ResourceDef>): ResourceDef => ({
  name,
  label,
  icon: DnsOutlined,
  group: 'Websites',
  ...screens,
});

function open(path: string, defs: ResourceDef[]) {
  const dataProvider = {
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: vi.fn(async () => ({ data: { id: 1 } })),
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
        {defs.map(resourceElement)}
      </Admin>
    </MemoryRouter>,
  );
  return dataProvider;
}

describe('resources without a create screen (#/…/create)', () => {
  it('says a read-only resource cannot be created here, with a way back to its list', async () => {
    const dp = open(`/${NAMESERVERS}/create`, [def(NAMESERVERS, 'Nameservers', { list: List, show: Show })]);
    const page = await screen.findByTestId('no-create');
    expect(within(page).getByRole('heading').textContent).toBe('Nameservers cannot be created here');
    expect(screen.queryByText('the list')).toBeNull();
    fireEvent.click(within(page).getByRole('link', { name: 'Back to Nameservers' }));
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(dp.getOne).not.toHaveBeenCalled();
  });

  it('does not take `create` for the id of a record to edit', async () => {
    const dp = open(`/${REGISTRARS}/create`, [
      def(REGISTRARS, 'Registrars', { list: List, show: Show, edit: Edit }),
    ]);
    const page = await screen.findByTestId('no-create');
    expect(within(page).getByRole('heading').textContent).toBe('Registrars cannot be created here');
    expect(screen.queryByText('the edit form')).toBeNull();
    expect(dp.getOne).not.toHaveBeenCalled();
  });

  it('keeps the create screen and the edit route of resources that have them', async () => {
    open(`/${REGISTRARS}/create`, [
      def(REGISTRARS, 'Registrars', { list: List, edit: Edit, create: Create }),
    ]);
    expect(await screen.findByText('the create form')).toBeTruthy();
    expect(screen.queryByTestId('no-create')).toBeNull();
  });

  it('still opens a record whose edit route follows the same pattern', async () => {
    open(`/${REGISTRARS}/7`, [def(REGISTRARS, 'Registrars', { list: List, edit: Edit })]);
    expect(await screen.findByText('the edit form')).toBeTruthy();
  });
});
