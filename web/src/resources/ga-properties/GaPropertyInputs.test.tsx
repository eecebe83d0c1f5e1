// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { AdminContext, RecordContextProvider, SimpleForm } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { mockFetch } from '../../test/fetchMock';
import { filterOf, listOf } from '../websites/wordpress/testApp';
import { GaPropertyInputs } from './GaPropertyInputs';

const WEBSITES = resources.websites.path;
const property = {
  id: 4,
  name: 'properties/310000007',
  display_name: 'Alpha - GA4',
  parent: 'accounts/9001',
  account_id: '9001',
  website_id: 12,
  version: 1,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the GA property form (SPEC §2.5, §3)', () => {
  it('offers only money sites, and shows what the import read without letting it change', async () => {
    const filters: Record<string, unknown>[] = [];
    mockFetch({
      [`GET /${WEBSITES}`]: (_, url) => {
        filters.push(filterOf(url));
        return listOf([{ id: 12, hostname: 'alpha.test', type: 'MONEY' }]);
      },
      [`POST /${WEBSITES}/get-many`]: () => ({ body: { data: [{ id: 12, hostname: 'alpha.test' }] } }),
    });
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <RecordContextProvider value={property}>
            <SimpleForm record={property} toolbar={false}>
              <GaPropertyInputs />
            </SimpleForm>
          </RecordContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const name = await screen.findByLabelText('Property');
    expect((name as HTMLInputElement).value).toBe('properties/310000007');
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect(filters.length).toBeGreaterThan(0));
    expect(filters.every((f) => f.type === 'MONEY')).toBe(true);
    const site = screen.getByLabelText('Money site') as HTMLInputElement;
    expect(site.disabled).toBe(false);
    await waitFor(() => expect(site.value).toBe('alpha.test'));
  });
});
