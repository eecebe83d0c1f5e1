import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { mockFetch } from '../../test/fetchMock';
import { MonitorShow } from './MonitorShow';
import { DAY } from './timeline';
import type { MonitorAlert } from './types';

const MONITORS = resources.monitors.path;
const WEBSITES = resources.websites.path;

function monitor(now: number) {
  return {
    id: 4,
    version: 3,
    friendly_name: 'alpha.test',
    url: 'https://alpha.test/',
    type: 'keyword',
    value: 'Welcome',
    gateway: null,
    website_id: null,
    interval: 300,
    retries: 1,
    timeout: 15,
    paused: false,
    alert_emails: ['ops@example.com'],
    alert_phone_numbers: [],
    status: 'down',
    status_since: now - (2 * 3600 + 13 * 60 + 30),
    last_check: now - 60,
    next_check: now + 240,
    last_message: 'Keyword not found',
    last_response_ms: 245,
    created_at: now - 40 * DAY,
    updated_at: now - 60,
    up_down_changes: [
      { status: 'up', time: now - 10 * DAY, duration: 10 * DAY - 8000, message: 'HTTP 200' },
      { status: 'down', time: now - 8000, duration: 8000, message: 'Keyword not found' },
    ],
    uptime: { day: 0.907407, week: 0.98677, month: null },
    alerts: [
      {
        id: 3,
        channel: 'website',
        recipient: '12',
        state: 'sent',
        attempts: 1,
        last_error: null,
        sent_at: now - 8000,
        created_at: now - 8000,
        change_status: 'down',
        change_at: now - 8000,
      },
      {
        id: 2,
        channel: 'sms',
        recipient: '+4915112345678',
        state: 'failed',
        attempts: 5,
        last_error: 'No SMS provider configured',
        sent_at: null,
        created_at: now - 8000,
        change_status: 'down',
        change_at: now - 8000,
      },
      {
        id: 1,
        channel: 'email',
        recipient: 'ops@example.com',
        state: 'sent',
        attempts: 1,
        last_error: null,
        sent_at: now - 7990,
        created_at: now - 8000,
        change_status: 'down',
        change_at: now - 8000,
      },
    ] satisfies MonitorAlert[],
  };
}

/** The console's own data provider over a stand-in server: the page reads the monitor, Pause patches it. */
function setup() {
  let record = monitor(Math.floor(Date.now() / 1000));
  const calls = mockFetch({
    [`GET /${MONITORS}/4`]: () => ({ body: { data: record } }),
    [`POST /${WEBSITES}/get-many`]: () => ({
      body: { data: [{ id: 12, hostname: 'alpha.test', friendly_name: 'Alpha Casino' }] },
    }),
    [`PATCH /${MONITORS}/4`]: (init) => {
      record = { ...record, ...(JSON.parse(String(init?.body)) as object), version: record.version + 1 };
      return { body: { data: record } };
    },
  });
  render(
    <MemoryRouter initialEntries={[`/${MONITORS}/4/show`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={MONITORS}>
          <Routes>
            <Route path={`/${MONITORS}/:id/show`} element={<MonitorShow />} />
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

const statuses = () =>
  within(screen.getByTestId('status-timeline'))
    .getAllByRole('listitem')
    .map((s) => s.dataset.status);

describe("a monitor's page (SPEC §2.5, §4)", () => {
  it('shows the status, how long it has held, the check and where it runs from', async () => {
    setup();
    expect((await screen.findAllByTestId('monitor-status'))[0]!.dataset.status).toBe('Down');
    expect(screen.getByTestId('status-since').textContent).toBe('for 2 h 13 min');
    expect(screen.getByText('Runs from this server')).toBeTruthy();
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.getByText('245 ms')).toBeTruthy();
  });

  it('gives the uptime of each window with two decimals, a dash without data', async () => {
    setup();
    expect((await screen.findByTestId('uptime-day')).textContent).toBe('90.74%');
    expect(screen.getByTestId('uptime-week').textContent).toBe('98.68%');
    expect(screen.getByTestId('uptime-month').textContent).toBe('—');
  });

  it('draws the timeline for the chosen window and lists the changes newest first', async () => {
    setup();
    await screen.findByTestId('status-timeline');
    expect(statuses()).toEqual(['up', 'down']);
    fireEvent.click(screen.getByRole('button', { name: '30 d' }));
    expect(statuses()).toEqual(['none', 'up', 'down']);
    const pieces = within(screen.getByTestId('status-timeline')).getAllByRole('listitem');
    expect(pieces[2]!.getAttribute('aria-label')).toMatch(/^Down · .* – now · 2 h 13 min$/);

    const rows = screen.getAllByTestId('status-change');
    expect(rows.map((r) => within(r).getByTestId('monitor-status').dataset.status)).toEqual(['Down', 'Up']);
    expect(rows[0]!.textContent).toContain('ongoing');
    expect(rows[1]!.textContent).toContain('9 d 21 h');
  });

  it('lists the alerts sent with their delivery state and error', async () => {
    setup();
    const alerts = await screen.findAllByTestId('monitor-alert');
    expect(alerts).toHaveLength(3);
    expect(within(alerts[1]!).getByText('Failed')).toBeTruthy();
    expect(within(alerts[1]!).getByText('No SMS provider configured')).toBeTruthy();
    expect(within(alerts[2]!).getByText('Sent')).toBeTruthy();
    expect(within(alerts[2]!).getByText('ops@example.com')).toBeTruthy();
  });

  it('names the website an alert was raised on, linked to its page, instead of its id', async () => {
    setup();
    const website = (await screen.findAllByTestId('monitor-alert'))[0]!;
    const link = await within(website).findByRole('link', { name: 'Alpha Casino' });
    expect(link.getAttribute('href')).toBe(`/${WEBSITES}/12/show`);
    expect(within(website).queryByText('12')).toBeNull();
  });

  it('pauses with PATCH {paused, version}, says so and reloads the page', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Monitor paused')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init?.body))).toEqual({ paused: true, version: 3 });
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });
});
