import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../../test/fetchMock';
import '../../plugins';
import '../../themes';
import '../../wp-sites';
import { filterOf, listOf, renderInConsole } from './testApp';
import { WordpressTab } from './WordpressTab';

const WP_SITES = resources.wpSites.path;
const INSTALLED_PLUGINS = resources.installedPlugins.path;
const INSTALLED_THEMES = resources.installedThemes.path;

const connected = {
  id: 3,
  website_id: 5,
  url: 'https://alpha.test/',
  username: 'ops',
  application_password_set: true,
  api_root: 'https://alpha.test/wp-json/',
  companion: true,
  companion_version: '1.0.0',
  state: 'connected',
  last_error: null,
  core_version: '6.1.1',
  core_update: '6.4.2',
  core_managed_by: 'package-manager',
  php_version: '8.2.29',
  database_version: 'MariaDB 10.11.14',
  theme: 'Twenty Twenty-Three',
  generator: null,
  plugin_updates: 2,
  theme_updates: 1,
  last_sync_at: 1_764_000_000,
  website_hostname: 'alpha.test',
  created_at: 1_764_000_000,
  updated_at: 1_764_000_000,
};

const plugin = {
  id: 9,
  plugin_id: 4,
  plugin_name: 'Akismet Anti-spam',
  website_id: 5,
  website_hostname: 'alpha.test',
  plugin_file: 'akismet/akismet.php',
  installed_version: '5.0.1',
  active: true,
  update_version: '5.3',
  synced_at: 1_764_000_000,
};

function setup(connection: Record<string, unknown> | null, extra = {}) {
  let current = connection;
  const siteFilters: unknown[] = [];
  const calls = mockFetch({
    [`GET /${WP_SITES}`]: (_, url) => {
      siteFilters.push(filterOf(url));
      return listOf(current ? [current] : []);
    },
    [`GET /${INSTALLED_PLUGINS}`]: () => listOf([plugin]),
    [`GET /${INSTALLED_THEMES}`]: () => listOf([]),
    [`DELETE /${WP_SITES}/3`]: () => {
      current = null;
      return { body: { data: connected } };
    },
    ...extra,
  });
  renderInConsole(
    <RecordContextProvider value={{ id: 5, url: 'https://alpha.test/', type: 'MONEY' }}>
      <WordpressTab />
    </RecordContextProvider>,
  );
  return {
    calls,
    siteFilters,
    connect: (next: Record<string, unknown>) => {
      current = next;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('website Wordpress tab (SPEC §2.5)', () => {
  it('offers Connect when the website has no connection, with the site URL filled in', async () => {
    const { siteFilters } = setup(null);
    const form = await screen.findByTestId('wp-connect');
    expect((within(form).getByLabelText(/WordPress URL/) as HTMLInputElement).value).toBe(
      'https://alpha.test/',
    );
    expect(siteFilters[0]).toEqual({ website_id: 5 });
    expect(screen.queryByTestId('wp-connection')).toBeNull();
  });

  it("shows a connection's state, versions, updates and the site's installed plugins", async () => {
    setup(connected);
    const panel = await screen.findByTestId('wp-connection');
    expect(within(panel).getByText('Connected')).toBeTruthy();
    expect(within(panel).getByText('6.1.1')).toBeTruthy();
    expect(within(panel).getByText('8.2.29')).toBeTruthy();
    expect(within(panel).getByText('MariaDB 10.11.14')).toBeTruthy();
    expect(within(panel).getByText('Twenty Twenty-Three')).toBeTruthy();
    expect(screen.getByTestId('wp-core-update').textContent).toBe(
      'WordPress 6.4.2 available: update through the package manager',
    );
    expect(within(panel).getByText('Installed (1.0.0)')).toBeTruthy();
    expect(screen.queryByTestId('wp-last-error')).toBeNull();
    expect(await screen.findByText('Akismet Anti-spam')).toBeTruthy();
    expect(screen.getByText('5.3')).toBeTruthy();
  });

  it('shows a failing connection with its last error, and what needs the missing companion', async () => {
    setup({
      ...connected,
      state: 'error',
      companion: false,
      companion_version: null,
      core_update: null,
      core_managed_by: null,
      last_error: 'alpha.test answered HTML instead of JSON',
    });
    const panel = await screen.findByTestId('wp-connection');
    expect(within(panel).getByText('Error')).toBeTruthy();
    expect(screen.getByTestId('wp-last-error').textContent).toBe(
      'Last error: alpha.test answered HTML instead of JSON',
    );
    const needs = screen.getByTestId('needs-companion');
    expect(within(needs).getByText('One-click admin login')).toBeTruthy();
    expect(
      within(needs).getByText(actions.wordpress.WORDPRESS_SITE_ACTION_LABELS['update-core']),
    ).toBeTruthy();
    expect(screen.getByTestId('wp-core-update').textContent).toBe('Unknown without the companion');
  });

  it("shows the server's refusals on the connect form's inputs and keeps what was typed", async () => {
    const sent: unknown[] = [];
    setup(null, {
      ...onAction(actions.wordpress.connectSite, { id: '5' }, (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return {
          status: 422,
          body: {
            error: {
              code: 'validation',
              message: 'WordPress refused the credentials',
              fields: { application_password: 'Not a valid application password for ops' },
            },
          },
        };
      }),
    });
    await screen.findByTestId('wp-connect');
    fill(/^User/, ' ops ');
    fill(/Application password/, 'abcd efgh');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText('Not a valid application password for ops');
    const input = screen.getByLabelText(/Application password/);
    expect(input.closest('.MuiFormControl-root')?.textContent).toContain(
      'Not a valid application password for ops',
    );
    expect(screen.getByTestId('wp-connect-error').textContent).toBe('WordPress refused the credentials');
    expect(sent).toEqual([
      { url: 'https://alpha.test/', username: 'ops', application_password: 'abcd efgh' },
    ]);
    expect((screen.getByLabelText(/^User/) as HTMLInputElement).value).toBe(' ops ');
  });

  it('shows the connection once the server has verified and saved it', async () => {
    const ctl = setup(null, {
      ...onAction(actions.wordpress.connectSite, { id: '5' }, () => {
        ctl.connect({ ...connected, state: 'pending', last_sync_at: null });
        return { body: { data: { id: 3, website_id: 5 } } };
      }),
    });
    await screen.findByTestId('wp-connect');
    fill(/^User/, 'ops');
    fill(/Application password/, 'abcd efgh');
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const panel = await screen.findByTestId('wp-connection');
    expect(within(panel).getByText('Not synced yet')).toBeTruthy();
  });

  it('disconnects after confirmation (DELETE of the connection) and offers Connect again', async () => {
    const { calls } = setup(connected);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByTestId('wp-connect')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/${WP_SITES}/3`]);
  });

  it('starts a sync of this website and opens its run', async () => {
    const bodies: unknown[] = [];
    setup(connected, {
      ...onAction(actions.wordpress.syncFleet, null, (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { cron_id: 81, data: { id: 81 } } };
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/${resources.cronJobs.dms.path}/81/show`),
    );
    expect(bodies).toEqual([{ ids: [5] }]);
  });
});
