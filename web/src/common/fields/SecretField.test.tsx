import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GroupedPermissions } from '@sitefleet/shared';
import {
  AdminContext,
  HttpError,
  RecordContextProvider,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { MASK, NOT_SET, secretFlagPath } from './secret';
import { SecretField } from './SecretField';
import { authAs } from '../../test/auth';

const REVEALER = { '/dms/api/v1/websites/:id/reveal': { POST: true } };

function setup(
  record: Record<string, unknown>,
  source: string,
  routes: GroupedPermissions = REVEALER,
  reveal = vi.fn(async () => 'hunter2-secret'),
) {
  const stepUp = vi.fn(async ({ password }: { password: string }) => {
    if (password !== 'my password') {
      throw new HttpError('Some fields are not valid', 422, {
        errors: { password: 'Password confirmation failed' },
      });
    }
  });
  const dataProvider = { reveal, stepUp } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authAs('IT', routes)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="dms/api/v1/websites">
        <RecordContextProvider value={{ id: 7, ...record }}>
          <SecretField source={source} />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return { reveal, stepUp };
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

    fireEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
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
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('hunter2-secret'));
  });

  it('asks for the password when the server wants a step-up, then reveals', async () => {
    const stepUpNeeded = new HttpError('Confirm your password to reveal secrets', 401, {
      error: { code: 'step_up_required', message: 'Confirm your password to reveal secrets' },
    });
    const reveal = vi.fn().mockRejectedValueOnce(stepUpNeeded).mockResolvedValue('hunter2-secret');
    const { stepUp } = setup({ http_auth_credentials_set: true }, 'http_auth_credentials', REVEALER, reveal);
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    const password = await screen.findByLabelText(/Password/);
    expect(screen.getByTestId('secret-value').textContent).toBe(MASK);

    fireEvent.change(password, { target: { value: 'a wrong one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Password confirmation failed')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'my password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('secret-value').textContent).toBe('hunter2-secret'));
    expect(stepUp).toHaveBeenLastCalledWith({ password: 'my password' });
    expect(reveal).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByLabelText(/Password/)).toBeNull());
  });

  it('offers no Reveal to a user without the reveal permission', async () => {
    setup({ http_auth_credentials_set: true }, 'http_auth_credentials', {
      '/dms/api/v1/websites/:id': { GET: true },
    });
    setup({ http_auth_credentials_set: true }, 'http_auth_credentials');
    // Only the second tree, whose user holds the permission, shows the button.
    expect(await screen.findAllByRole('button', { name: 'Reveal' })).toHaveLength(1);
    expect(screen.getAllByTestId('secret-value').map((e) => e.textContent)).toEqual([MASK, MASK]);
  });
});
