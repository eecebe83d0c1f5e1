// @vitest-environment jsdom
// Alert messages are sanitised HTML, and DOMPurify needs a complete DOM (see notifications/html.test.ts).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import type { MessagingCalls, WebsiteAlert } from '../../providers/messaging';
import { ALERTS_ERROR, WebsiteAlerts } from './WebsiteAlerts';

const alert: WebsiteAlert = {
  id: 9,
  title: 'example.com expires in 10 days',
  message: '<p>Renew it.</p>',
  type: 'ALERT',
  link: '#/dms/api/v1/domains/3/show',
  importance: 'normal',
  data: null,
  resolved: 'no',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  version: 3,
};

function setup(calls: Partial<MessagingCalls>) {
  render(
    <AdminContext dataProvider={calls as unknown as DataProvider} i18nProvider={i18nProvider}>
      <RecordContextProvider value={{ id: 5 }}>
        <WebsiteAlerts label={false} />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );
}

describe("a website's alerts (SPEC §4, §7.7)", () => {
  it('lists alerts with their importance and resolves one through the website route', async () => {
    const resolveWebsiteAlert = vi.fn(async () => ({ ...alert, resolved: 'yes' as const }));
    setup({ websiteAlerts: vi.fn(async () => [alert]), resolveWebsiteAlert });
    const row = await screen.findByTestId('website-alert');
    expect(within(row).getByTestId('alert-importance').textContent).toBe('Normal');
    fireEvent.click(within(row).getByRole('switch'));
    await waitFor(() => expect(row.dataset.resolved).toBe('yes'));
    expect(resolveWebsiteAlert).toHaveBeenCalledWith(5, 9, 'yes', 3);
  });

  it('shows the refusal (a conflicting open alert) and keeps the alert as it was', async () => {
    setup({
      websiteAlerts: vi.fn(async () => [{ ...alert, resolved: 'yes' as const }]),
      resolveWebsiteAlert: vi.fn(async () => {
        throw new Error('Another open alert about the same thing exists; resolve that one instead');
      }),
    });
    const row = await screen.findByTestId('website-alert');
    fireEvent.click(within(row).getByRole('switch'));
    expect(await screen.findByText(/Another open alert/)).toBeTruthy();
    expect(row.dataset.resolved).toBe('yes');
  });

  it("says 'Error fetching alerts' when they cannot be read", async () => {
    setup({
      websiteAlerts: vi.fn(async () => {
        throw new Error('down');
      }),
    });
    expect(await screen.findByText(ALERTS_ERROR, {}, { timeout: 4000 })).toBeTruthy();
  });
});
