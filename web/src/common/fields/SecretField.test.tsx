import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { MASK, NOT_SET, secretFlagPath } from './secret';
import { SecretField } from './SecretField';

function setup(record: Record<string, unknown>, source: string) {
  const reveal = vi.fn(async () => 'hunter2-secret');
  const dataProvider = { reveal } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="dms/api/v1/websites">
        <RecordContextProvider value={{ id: 7, ...record }}>
          <SecretField source={source} />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return { reveal };
}

describe('secret field', () => {
  it('finds the stored flag next to the secret, nested or not', () => {
    expect(secretFlagPath('password')).toBe('password_set');
    expect(secretFlagPath('google_account.password')).toBe('google_account.password_set');
  });

  it("says 'Not set' when nothing is stored, with nothing to reveal", () => {
    setup({ google_account: { password_set: false } }, 'google_account.password');
    expect(screen.getByText(NOT_SET)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull();
  });

  it('is masked, reveals through the data provider, and hides again', async () => {
    const { reveal } = setup({ google_account: { password_set: true } }, 'google_account.password');
    expect(screen.getByTestId('secret-value').textContent).toBe(MASK);
    expect(screen.queryByText('hunter2-secret')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(screen.getByTestId('secret-value').textContent).toBe('hunter2-secret'));
    expect(reveal).toHaveBeenCalledWith('dms/api/v1/websites', 7, 'google_account.password');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByTestId('secret-value').textContent).toBe(MASK);
    expect(screen.queryByText('hunter2-secret')).toBeNull();
  });

  it('copies the revealed value to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup({ http_auth_credentials_set: true }, 'http_auth_credentials');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('hunter2-secret'));
  });
});
