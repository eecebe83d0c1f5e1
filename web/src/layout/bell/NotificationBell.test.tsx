// @vitest-environment jsdom
// The drawer renders sanitised HTML, and DOMPurify needs a complete DOM (see html.test.ts).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { AdminContext, Notification, useCreate, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import type { InboxItem, MessagingCalls } from '../../providers/messaging';
import { NotificationBell } from './NotificationBell';

const item = (over: Partial<InboxItem>): InboxItem => ({
  id: 1,
  title: 'Title',
  message: '<p>Short message</p>',
  type: 'INFO',
  link: null,
  user_id: 1,
  recipients: null,
  website_id: null,
  website: null,
  importance: null,
  resolved: 'no',
  read: 0,
  created_at: 1_700_000_000,
  created_by: null,
  created_by_name: 'Ann Lee',
  ...over,
});

function setup(items: InboxItem[] | Error, calls: Partial<MessagingCalls> = {}) {
  const dataProvider = {
    inbox: vi.fn(async () => {
      if (items instanceof Error) throw items;
      return { items, unread: 0 };
    }),
    markRead: vi.fn(async () => undefined),
    markAllRead: vi.fn(async () => undefined),
    resolveWebsiteAlert: vi.fn(async () => ({})),
    resolveNotification: vi.fn(async () => undefined),
    ...calls,
  };
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
      <NotificationBell />
      <Notification />
    </AdminContext>,
  );
  return dataProvider;
}

const bell = () => screen.getByTestId('notification-bell');
const openDrawer = async () => {
  fireEvent.click(bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
};

describe('notification bell (SPEC §2.1, §4)', () => {
  it('counts unread items (resolved alerts count as read) and splits them into two tabs', async () => {
    setup([
      item({ id: 1, title: 'Deploy tonight' }),
      item({ id: 2, title: 'Heads up', type: 'WARNING', read: 1 }),
      item({ id: 3, title: 'Domain expiring', type: 'ALERT', website_id: 5, importance: 'high' }),
      item({ id: 4, title: 'Old alert', type: 'ALERT', resolved: 'yes' }),
    ]);
    await waitFor(() => expect(bell().dataset.unread).toBe('2'));
    const drawer = await openDrawer();
    const titles = () =>
      within(drawer)
        .getAllByTestId('notification-title')
        .map((t) => t.textContent);
    expect(titles()).toEqual(['Deploy tonight', 'Heads up']);
    fireEvent.click(within(drawer).getByRole('tab', { name: /Alerts/ }));
    expect(titles()).toEqual(['Domain expiring', 'Old alert']);
    expect(
      within(drawer)
        .getAllByRole('switch')
        .map((s) => (s as HTMLInputElement).checked),
    ).toEqual([false, true]);
  });

  it('toggles read from the dot at once, and puts it back when the server refuses', async () => {
    const markRead = vi
      .fn<MessagingCalls['markRead']>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('Service unavailable'));
    setup([item({ id: 7 })], { markRead });
    await waitFor(() => expect(bell().dataset.unread).toBe('1'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Mark as read' }));
    expect(bell().dataset.unread).toBe('0');
    expect(markRead).toHaveBeenCalledWith(7, 1);

    fireEvent.click(await within(drawer).findByRole('button', { name: 'Mark as unread' }));
    expect(bell().dataset.unread).toBe('1');
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    await waitFor(() => expect(bell().dataset.unread).toBe('0'));
    expect(markRead).toHaveBeenLastCalledWith(7, 0);
  });

  it('marks everything read', async () => {
    const calls = setup([item({ id: 1 }), item({ id: 2 }), item({ id: 3, type: 'ALERT' })]);
    await waitFor(() => expect(bell().dataset.unread).toBe('3'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Mark all read' }));
    expect(bell().dataset.unread).toBe('0');
    expect(calls.markAllRead).toHaveBeenCalledTimes(1);
  });

  it('resolves an alert through its website, else through the notification', async () => {
    const calls = setup([
      item({ id: 3, type: 'ALERT', website_id: 5 }),
      item({ id: 4, type: 'ALERT', website_id: null }),
    ]);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('tab', { name: /Alerts/ }));
    const switches = await within(drawer).findAllByRole('switch');
    fireEvent.click(switches[0]!);
    fireEvent.click(switches[1]!);
    expect(calls.resolveWebsiteAlert).toHaveBeenCalledWith(5, 3, 'yes');
    expect(calls.resolveNotification).toHaveBeenCalledWith(4, 'yes');
    await waitFor(() => expect(bell().dataset.unread).toBe('0'));
  });

  it('cuts messages over 25 words, with expand and collapse', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ');
    setup([item({ message: `<p>${long}</p>` })]);
    const drawer = await openDrawer();
    const message = () => within(drawer).getByTestId('notification-message').textContent;
    await waitFor(() => expect(message()).toMatch(/word25…$/));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Show more' }));
    expect(message()).toBe(long);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Show less' }));
    expect(message()).toMatch(/word25…$/);
  });

  it("says 'No notifications to show' with nothing, 'No notifications found' for an empty tab", async () => {
    setup([item({ type: 'ALERT' })]);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('No notifications found')).toBeTruthy();
  });

  it("says 'No notifications to show' when there is nothing at all", async () => {
    setup([]);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('No notifications to show')).toBeTruthy();
  });

  it("shows 'Error fetching notifications' when the inbox cannot be read", async () => {
    setup(new Error('down'));
    expect(await screen.findByText('Error fetching notifications')).toBeTruthy();
  });

  it('reads the inbox again as soon as this console sends a notification, without waiting for the poll', async () => {
    const NOTIFICATIONS = resources.notifications.path;
    let inbox: InboxItem[] = [];
    const dataProvider = {
      inbox: vi.fn(async () => ({ items: inbox, unread: 0 })),
      create: vi.fn(async (_: string, { data }: { data: Record<string, unknown> }) => {
        inbox = [item({ id: 9, title: String(data.title) })];
        return { data: { id: 9, ...data } };
      }),
      update: vi.fn(async () => ({ data: { id: 3 } })),
    };
    const Send = ({ resource }: { resource: string }) => {
      const [create] = useCreate();
      return (
        <button type="button" onClick={() => void create(resource, { data: { title: 'To my own role' } })}>
          Send to {resource}
        </button>
      );
    };
    render(
      <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
        <NotificationBell />
        <Send resource={NOTIFICATIONS} />
        <Send resource={resources.tags.path} />
      </AdminContext>,
    );
    await waitFor(() => expect(dataProvider.inbox).toHaveBeenCalledTimes(1));
    expect(bell().dataset.unread).toBe('0');

    // a write elsewhere does not touch the inbox
    fireEvent.click(screen.getByRole('button', { name: `Send to ${resources.tags.path}` }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    inbox = [];
    fireEvent.click(screen.getByRole('button', { name: `Send to ${NOTIFICATIONS}` }));
    await waitFor(() => expect(bell().dataset.unread).toBe('1'));
    expect(dataProvider.inbox).toHaveBeenCalledTimes(2);
    const drawer = await openDrawer();
    expect(within(drawer).getByText('To my own role')).toBeTruthy();
  });
});
