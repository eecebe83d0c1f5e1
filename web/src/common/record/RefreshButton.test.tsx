import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { REFRESH_FAILED } from './jobOutput';
import { RefreshButton } from './RefreshButton';

function setup(refresh: DataProvider['getOne']) {
  const dataProvider = { refresh } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="dms/api/v1/domains">
        <RecordContextProvider value={{ id: 4 }}>
          <RefreshButton />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
}

describe('refresh button (SPEC §7.1, §8)', () => {
  it('shows what the refresh did', async () => {
    const refresh = vi.fn(async () => ({
      job_output: [{ output: { message: 'DNS: 10 records, 0 added' } }],
      failed_job_output: [],
    }));
    setup(refresh as unknown as DataProvider['getOne']);
    expect(await screen.findByText('DNS: 10 records, 0 added')).toBeTruthy();
    expect(screen.queryByText(REFRESH_FAILED)).toBeNull();
    expect(refresh).toHaveBeenCalledWith('dms/api/v1/domains', 4);
  });

  it("says 'Something went wrong with the refresh' with the failures", async () => {
    setup((async () => ({
      job_output: [{ output: { message: 'DNS: ok' } }],
      failed_job_output: [{ output: { message: 'WHOIS: timeout' } }],
    })) as unknown as DataProvider['getOne']);
    expect(await screen.findByText(REFRESH_FAILED)).toBeTruthy();
    expect(screen.getByText('WHOIS: timeout')).toBeTruthy();
  });

  it('says so too when the call itself fails', async () => {
    setup((async () => {
      throw new Error('Service unavailable');
    }) as unknown as DataProvider['getOne']);
    expect(await screen.findByText(REFRESH_FAILED)).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
  });
});
