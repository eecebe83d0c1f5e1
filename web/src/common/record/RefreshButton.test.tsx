import { fireEvent, render, screen } from '@testing-library/react';
import type { GroupedPermissions } from '@sitefleet/shared';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { REFRESH_FAILED } from './jobOutput';
import { RefreshButton } from './RefreshButton';
import { authAs } from '../../test/auth';

const REFRESHER = { '/dms/api/v1/domains/:id/refresh': { GET: true } };

function renderButton(refresh: DataProvider['getOne'], routes: GroupedPermissions) {
  const dataProvider = { refresh } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authAs('IT', routes)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="dms/api/v1/domains">
        <RecordContextProvider value={{ id: 4 }}>
          <RefreshButton />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
}

async function setup(refresh: DataProvider['getOne']) {
  renderButton(refresh, REFRESHER);
  fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
}

describe('refresh button (SPEC §7.1, §8)', () => {
  it('shows what the refresh did', async () => {
    const refresh = vi.fn(async () => ({
      job_output: [{ output: { message: 'DNS: 10 records, 0 added' } }],
      failed_job_output: [],
    }));
    await setup(refresh as unknown as DataProvider['getOne']);
    expect(await screen.findByText('DNS: 10 records, 0 added')).toBeTruthy();
    expect(screen.queryByText(REFRESH_FAILED)).toBeNull();
    expect(refresh).toHaveBeenCalledWith('dms/api/v1/domains', 4);
  });

  it("says 'Something went wrong with the refresh' with the failures", async () => {
    await setup((async () => ({
      job_output: [{ output: { message: 'DNS: ok' } }],
      failed_job_output: [{ output: { message: 'WHOIS: timeout' } }],
    })) as unknown as DataProvider['getOne']);
    expect(await screen.findByText(REFRESH_FAILED)).toBeTruthy();
    expect(screen.getByText('WHOIS: timeout')).toBeTruthy();
  });

  it('says so too when the call itself fails', async () => {
    await setup((async () => {
      throw new Error('Service unavailable');
    }) as unknown as DataProvider['getOne']);
    expect(await screen.findByText(REFRESH_FAILED)).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });

  it('is not shown to a user who may read the domain but not refresh it (an action, not a read)', async () => {
    renderButton(vi.fn() as unknown as DataProvider['getOne'], {
      '/dms/api/v1/domains/:id': { GET: true },
      '/dms/api/v1/domains': { GET: true },
    });
    // The same tree with the permission shows the button, so its absence here is the permission's doing.
    renderButton(vi.fn() as unknown as DataProvider['getOne'], REFRESHER);
    expect(await screen.findAllByRole('button', { name: 'Refresh' })).toHaveLength(1);
  });
});
