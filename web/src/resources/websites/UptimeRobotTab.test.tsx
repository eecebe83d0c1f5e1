import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { READ_ONLY_ROLE, resources } from '@sitefleet/shared';
import {
  AdminContext,
  HttpError,
  Notification,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { MONITOR_CREATED, NOT_MONITORED } from '../monitors/MonitorSiteButton';
import { UptimeRobotTab } from './UptimeRobotTab';
import { authAs } from '../../test/auth';

const WEBSITES = resources.websites.path;
const MONITORS = resources.monitors.path;

const sites = [
  { id: 1, hostname: 'alpha.test', url: 'https://alpha.test/', type: 'MONEY', status: 'LIVE' },
  { id: 2, hostname: 'beta.test', url: null, type: 'LINK', status: 'LIVE' },
  { id: 3, hostname: 'gamma.test', url: 'https://gamma.test/', type: 'DIRECTORY', status: 'LIVE' },
  { id: 4, hostname: 'delta.test', url: 'https://delta.test/shop', type: 'SERVICE', status: 'LIVE' },
];
const monitors = [
  { id: 10, website_id: 1, status: 'up', paused: false },
  { id: 11, website_id: 1, status: 'down', paused: false },
  { id: 12, website_id: 3, status: 'pending', paused: false },
];

const OPERATOR = authAs('IT', {
  [`/${WEBSITES}`]: { GET: true },
  [`/${MONITORS}`]: { GET: true, POST: true },
});
const VIEWER = authAs(READ_ONLY_ROLE, { [`/${WEBSITES}`]: { GET: true }, [`/${MONITORS}`]: { GET: true } });

function setup({ auth = OPERATOR, create }: { auth?: AuthProvider; create?: DataProvider['create'] } = {}) {
  const dataProvider = {
    getList: vi.fn(async (resource: string, _params: unknown) =>
      resource === MONITORS
        ? { data: monitors, total: monitors.length }
        : { data: sites, total: sites.length },
    ),
    getMany: vi.fn(async () => ({ data: [] })),
    create:
      create ??
      vi.fn(async (_: string, { data }: { data: Record<string, unknown> }) => ({
        data: { id: 20, ...data, status: 'pending', paused: false },
      })),
  };
  render(
    <AdminContext
      dataProvider={dataProvider as unknown as DataProvider}
      authProvider={auth}
      i18nProvider={i18nProvider}
    >
      <ResourceContextProvider value={WEBSITES}>
        <UptimeRobotTab />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
  return dataProvider;
}

const row = async (hostname: string) => (await screen.findByText(hostname)).closest('tr')!;
const monitorCalls = (dp: ReturnType<typeof setup>) => dp.getList.mock.calls.filter(([r]) => r === MONITORS);

describe('websites list, UptimeRobot tab (SPEC §2.5, §4)', () => {
  it("reads the page's monitors in one request and shows each site's worst one, linked to its page", async () => {
    const dp = setup();
    const alpha = await row('alpha.test');
    const status = await within(alpha).findByTestId('monitor-status');
    expect(status.dataset.status).toBe('Down');
    expect(within(alpha).getByRole('link', { name: 'Down' }).getAttribute('href')).toBe(
      `#/${MONITORS}/11/show`,
    );
    expect(within(alpha).getByText('2 monitors')).toBeTruthy();
    expect(within(await row('gamma.test')).getByTestId('monitor-status').dataset.status).toBe(
      'Not added yet',
    );

    expect(monitorCalls(dp)).toHaveLength(1);
    expect(monitorCalls(dp)[0]![1]).toMatchObject({ filter: { website_id: { where_in: [1, 2, 3, 4] } } });
  });

  it("asks first, naming the site and the monitor, then shows its indicator, 'Not added yet' until the first check", async () => {
    const dp = setup();
    const beta = await row('beta.test');
    fireEvent.click(await within(beta).findByRole('button', { name: 'Monitor this site' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Monitor beta.test?');
    expect(dialog.textContent).toContain(
      'An HTTP monitor named "beta.test" will check https://beta.test every 5 minutes',
    );
    expect(dp.create).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create monitor' }));
    expect(await screen.findByText(MONITOR_CREATED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dp.create).toHaveBeenCalledWith(
      MONITORS,
      expect.objectContaining({
        data: { website_id: 2, type: 'http', url: 'https://beta.test', friendly_name: 'beta.test' },
      }),
    );
    await waitFor(() =>
      expect(within(beta).getByTestId('monitor-status').dataset.status).toBe('Not added yet'),
    );
    expect(within(beta).queryByRole('button', { name: 'Monitor this site' })).toBeNull();
    expect(within(beta).getByRole('link', { name: 'Not added yet' }).getAttribute('href')).toBe(
      `#/${MONITORS}/20/show`,
    );
    // the page's monitors are read again, and the new one counts once
    await waitFor(() => expect(monitorCalls(dp).length).toBeGreaterThan(1));
    expect(within(beta).queryByText('2 monitors')).toBeNull();
  });

  it('creates nothing when the confirmation is cancelled', async () => {
    const dp = setup();
    const beta = await row('beta.test');
    fireEvent.click(await within(beta).findByRole('button', { name: 'Monitor this site' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dp.create).not.toHaveBeenCalled();
    expect(within(beta).getByRole('button', { name: 'Monitor this site' })).toBeTruthy();
  });

  it("uses the site's own URL when it has one, and shows the server's message on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    const create = vi.fn(async () => {
      throw new HttpError('This site already has 20 monitors', 422, {});
    });
    setup({ create: create as unknown as DataProvider['create'] });
    const delta = await row('delta.test');
    fireEvent.click(await within(delta).findByRole('button', { name: 'Monitor this site' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create monitor' }),
    );
    expect(await screen.findByText('This site already has 20 monitors')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(create).toHaveBeenCalledWith(
      MONITORS,
      expect.objectContaining({
        data: { website_id: 4, type: 'http', url: 'https://delta.test/shop', friendly_name: 'delta.test' },
      }),
    );
    expect(within(delta).getByRole('button', { name: 'Monitor this site' })).toBeTruthy();
    expect(within(delta).queryByTestId('monitor-status')).toBeNull();
  });

  it("says why the server refused the site's address", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    const refusal =
      '10.1.2.3 is a private or loopback address; monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS';
    const create = vi.fn(async () => {
      throw new HttpError('Some fields are not valid', 422, { errors: { url: refusal } });
    });
    setup({ create: create as unknown as DataProvider['create'] });
    const beta = await row('beta.test');
    fireEvent.click(await within(beta).findByRole('button', { name: 'Monitor this site' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create monitor' }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('offers no button to a VIEWER, who cannot create monitors', async () => {
    setup({ auth: VIEWER });
    const beta = await row('beta.test');
    expect(await within(beta).findByText(NOT_MONITORED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Monitor this site' })).toBeNull();
    expect(within(await row('alpha.test')).getByTestId('monitor-status').dataset.status).toBe('Down');
  });
});
