import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { resources } from '@sitefleet/shared';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { mockFetch } from '../../test/fetchMock';
import { UserShow } from './UserShow';
import { authAs } from '../../test/auth';

const USERS = resources.users.path;

const ADMIN = authAs('ADMIN', {});
const VIEWER = authAs('VIEWER', { [`/${USERS}/:id`]: { GET: true } });

/** The user page over a stand-in server whose account is locked until unlocked. */
function setup(auth: AuthProvider, lockedUntil: number | null) {
  let record = {
    id: 5,
    version: 2,
    name: 'Nora',
    email: 'nora@example.com',
    roles: [],
    target_markets: ['UK'],
    disabled: false,
    locked_until: lockedUntil,
  };
  const calls = mockFetch({
    [`GET /${USERS}/5`]: () => ({ body: { data: record } }),
    [`POST /${USERS}/5/unlock`]: () => {
      record = { ...record, locked_until: null };
      return { body: { data: { id: 5, locked_until: null } } };
    },
  });
  render(
    <MemoryRouter initialEntries={[`/${USERS}/5/show`]}>
      <AdminContext dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={USERS}>
          <Routes>
            <Route path={`/${USERS}/:id/show`} element={<UserShow />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const inQuarterHour = () => Math.floor(Date.now() / 1000) + 900;

describe("a locked user's page", () => {
  it('offers Unlock sign-in to an admin, which ends the lock and hides the button', async () => {
    const calls = setup(ADMIN, inQuarterHour());
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock sign-in' }));
    expect(await screen.findByText('Sign-in unlocked')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/${USERS}/5/unlock`]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull());
  });

  it('offers nothing when the account is not locked', async () => {
    setup(ADMIN, null);
    expect(await screen.findByText('nora@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull();
  });

  it('offers nothing to a user without the unlock permission', async () => {
    setup(VIEWER, inQuarterHour());
    expect(await screen.findByText('nora@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock sign-in' })).toBeNull();
  });
});
