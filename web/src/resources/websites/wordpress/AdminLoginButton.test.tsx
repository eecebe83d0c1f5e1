import { fireEvent, screen, waitFor } from '@testing-library/react';
import { actions, type GroupedPermissions } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionsOf } from '../../../providers/permissions';
import { mockFetch, onAction } from '../../../test/fetchMock';
import { mayOpenAdmin } from './adminLogin';
import { ADMIN_LOGIN, AdminLoginButton } from './AdminLoginButton';
import { renderInConsole } from './testApp';

const LOGIN_ROUTE: GroupedPermissions = { '/dms/api/v1/wordpress/:id/admin-login': { POST: true } };
const as = (role: string, routes: GroupedPermissions = LOGIN_ROUTE) =>
  permissionsOf({ full_roles: [{ id: 1, name: role }], full_permissions: routes });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('admin login visibility (SPEC §6)', () => {
  it('hides it for THIRD_PARTY sites unless the user has role IT or ADMIN', () => {
    expect(mayOpenAdmin(as('SEO'), 'THIRD_PARTY')).toBe(false);
    expect(mayOpenAdmin(as('IT'), 'THIRD_PARTY')).toBe(true);
    expect(mayOpenAdmin(as('ADMIN', {}), 'THIRD_PARTY')).toBe(true);
    expect(mayOpenAdmin(as('SEO'), 'MONEY')).toBe(true);
    expect(mayOpenAdmin(as('SEO'), undefined)).toBe(true);
  });

  it("hides it from anyone whose roles do not hold the admin-login action, whatever the site's type", () => {
    expect(mayOpenAdmin(as('SEO', {}), 'MONEY')).toBe(false);
    expect(mayOpenAdmin(as('IT', {}), 'THIRD_PARTY')).toBe(false);
  });

  it('shows the button by that rule', async () => {
    mockFetch({});
    const site = (id: number, type: string, role: string) =>
      renderInConsole(
        <RecordContextProvider value={{ id, type }}>
          <span data-testid={`site-${id}`}>
            <AdminLoginButton />
          </span>
        </RecordContextProvider>,
        { role, routes: LOGIN_ROUTE },
      );
    site(1, 'THIRD_PARTY', 'SEO');
    site(2, 'THIRD_PARTY', 'IT');
    site(3, 'MONEY', 'SEO');
    await waitFor(() => expect(screen.getAllByRole('button', { name: ADMIN_LOGIN })).toHaveLength(2));
    expect(screen.getByTestId('site-1').textContent).toBe('');
  });
});

describe('admin login click (docs/wordpress.md)', () => {
  it('POSTs the one-time token from a form in a new tab, never in the URL', async () => {
    const submitted: Array<{ method: string; target: string; action: string; fields: string[][] }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        method: this.method,
        target: this.target,
        action: this.action,
        fields: [...this.querySelectorAll('input')].map((i) => [i.type, i.name, i.value]),
      });
    });
    const calls = mockFetch(
      onAction(actions.wordpress.adminLogin, { id: '5' }, () => ({
        body: {
          data: {
            url: 'https://alpha.test/wp-login.php?action=sitefleet_sso',
            token: 'eyJ2IjoxfQ.c2ln',
            expires_at: 1_764_080_060,
            user_login: 'sitefleet-17',
          },
        },
      })),
    );
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'MONEY' }}>
        <AdminLoginButton />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_LOGIN }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      method: 'post',
      target: '_blank',
      action: 'https://alpha.test/wp-login.php?action=sitefleet_sso',
      fields: [['hidden', 'token', 'eyJ2IjoxfQ.c2ln']],
    });
    expect(document.querySelector('form')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /dms/api/v1/wordpress/5/admin-login']);
  });

  it('says why when the server refuses the login', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    mockFetch(
      onAction(actions.wordpress.adminLogin, { id: '5' }, () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only IT or ADMIN may open a third-party site' } },
      })),
    );
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'MONEY' }}>
        <AdminLoginButton />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_LOGIN }));
    expect(
      await screen.findByText('Admin login failed: Only IT or ADMIN may open a third-party site'),
    ).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });
});
