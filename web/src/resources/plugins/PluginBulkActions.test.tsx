import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filterOf, listOf, renderInConsole } from '../websites/wordpress/testApp';
import { mockFetch, onAction } from '../../test/fetchMock';
import { PluginBulkActions, siteOptions } from './PluginBulkActions';

const INSTALLS = resources.installedPlugins.path;
const WP_SITES = resources.wpSites.path;

const installs = [
  {
    id: 1,
    plugin_id: 7,
    website_id: 11,
    website_hostname: 'beta.test',
    active: false,
    installed_version: '5.0',
  },
  {
    id: 2,
    plugin_id: 7,
    website_id: 10,
    website_hostname: 'alpha.test',
    active: true,
    installed_version: '5.0',
    update_version: '5.3',
  },
];
const connections = [10, 11, 12].map((id) => ({
  id: id * 10,
  website_id: id,
  website_hostname: `site${id}.test`,
  url: `https://site${id}.test/`,
}));

function setup() {
  const bodies: unknown[] = [];
  const installFilters: unknown[] = [];
  mockFetch({
    [`GET /${INSTALLS}`]: (_, url) => {
      installFilters.push(filterOf(url));
      return listOf(installs);
    },
    [`GET /${WP_SITES}`]: () => listOf(connections),
    ...onAction(actions.wordpress.pluginBulk, { id: '7' }, (init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return { body: { cron_id: 55, data: { id: 55 } } };
    }),
  });
  renderInConsole(
    <RecordContextProvider value={{ id: 7, name: 'Akismet' }}>
      <PluginBulkActions />
    </RecordContextProvider>,
  );
  return { bodies, installFilters };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('plugin bulk actions (SPEC §2.5)', () => {
  it('offers the sites that have the plugin, runs the operation on the chosen ones and opens the run', async () => {
    const { bodies, installFilters } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose all 2' }));
    expect(installFilters[0]).toEqual({ plugin_id: 7 });
    expect(screen.getByText('alpha.test (active, v5.0, update 5.3)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run on 2 sites' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/${resources.cronJobs.dms.path}/55/show`),
    );
    expect(bodies).toEqual([{ operation: 'update', website_ids: [10, 11] }]);
  });

  it('offers every connected site for install', async () => {
    const { bodies } = setup();
    await screen.findByRole('button', { name: 'Choose all 2' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operation' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Install' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Choose all 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run on 3 sites' }));
    await waitFor(() => expect(bodies).toEqual([{ operation: 'install', website_ids: [10, 11, 12] }]));
  });

  it('keeps the form when the server refuses, saying why', async () => {
    mockFetch({
      [`GET /${INSTALLS}`]: () => listOf(installs),
      ...onAction(actions.wordpress.pluginBulk, { id: '7' }, () => ({
        status: 422,
        body: { error: { code: 'validation', message: 'The plugin has no source to install from' } },
      })),
    });
    renderInConsole(
      <RecordContextProvider value={{ id: 7 }}>
        <PluginBulkActions />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Choose all 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run on 2 sites' }));
    expect(await screen.findByText('The plugin has no source to install from')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('lists each site once, sorted, naming what the sync read', () => {
    expect(siteOptions('activate', [], [...installs, installs[0]!]).map((o) => o.label)).toEqual([
      'alpha.test (active, v5.0, update 5.3)',
      'beta.test (inactive, v5.0)',
    ]);
    expect(siteOptions('install', connections, installs).map((o) => o.website_id)).toEqual([10, 11, 12]);
  });
});
