import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources, type GroupedPermissions } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../test/fetchMock';
import { filterOf, listOf, renderInConsole } from '../websites/wordpress/testApp';
import './index';
import { PublicProductList } from './PublicProductList';

const PRODUCTS = resources.publicProductsLimited.path;
const LOGIN_ROUTES: GroupedPermissions = {
  [`/${PRODUCTS}`]: { GET: true },
  '/dms/api/v1/wordpress/:id/admin-login': { POST: true },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('public products limited (SPEC §2.5, §6)', () => {
  it("opens a row's admin login on click, and does nothing for a third-party site of a non-IT user", async () => {
    const submitted: string[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this.action);
    });
    const logins: string[] = [];
    const filters: unknown[] = [];
    const answer = (id: string) =>
      onAction(actions.wordpress.adminLogin, { id }, () => {
        logins.push(id);
        return {
          body: {
            data: { url: `https://site${id}.test/wp-login.php`, token: 't', expires_at: 1, user_login: 'u' },
          },
        };
      });
    mockFetch({
      [`GET /${PRODUCTS}`]: (_, url) => {
        filters.push(filterOf(url));
        return listOf([
          { id: 4, hostname: 'shop.test', type: 'MONEY', connected: true, core_version: '6.4.2' },
          { id: 8, hostname: 'partner.test', type: 'THIRD_PARTY', connected: true, core_version: '6.1' },
        ]);
      },
      ...answer('4'),
      ...answer('8'),
    });
    renderInConsole(<PublicProductList />, { resource: PRODUCTS, role: 'SEO', routes: LOGIN_ROUTES });
    const shop = (await screen.findByText('shop.test')).closest('tr')!;
    const partner = screen.getByText('partner.test').closest('tr')!;
    await waitFor(() => expect(within(shop).getByRole('button', { name: 'Admin login' })).toBeTruthy());
    expect(within(partner).queryByRole('button', { name: 'Admin login' })).toBeNull();

    fireEvent.click(screen.getByText('partner.test'));
    fireEvent.click(screen.getByText('shop.test'));
    await waitFor(() => expect(submitted).toEqual(['https://site4.test/wp-login.php']));
    expect(logins).toEqual(['4']);
    // only sites with a WordPress connection can be logged into
    expect(filters).toEqual([{ connected: true }]);
  });
});
