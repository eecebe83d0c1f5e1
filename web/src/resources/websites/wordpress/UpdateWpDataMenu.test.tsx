import { fireEvent, screen, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction, type ActionAnswer } from '../../../test/fetchMock';
import { renderInConsole } from './testApp';
import { CHECK_STATUS } from './ActionResultDialog';
import { UpdateWpDataMenu } from './UpdateWpDataMenu';

const { runSiteAction, WORDPRESS_SITE_ACTION_LABELS } = actions.wordpress;

async function setup(
  action: (typeof actions.wordpress.WORDPRESS_SITE_ACTIONS)[number],
  answer: ActionAnswer<typeof runSiteAction>,
) {
  const calls = mockFetch(onAction(runSiteAction, { id: '5', action }, () => answer));
  renderInConsole(
    <RecordContextProvider value={{ id: 5, type: 'MONEY' }}>
      <UpdateWpDataMenu />
    </RecordContextProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Update WP data' }));
  fireEvent.click(screen.getByRole('menuitem', { name: WORDPRESS_SITE_ACTION_LABELS[action] }));
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'update WP data' (SPEC §7.6, §8)", () => {
  it('offers every WordPress action of the website', async () => {
    mockFetch({});
    renderInConsole(
      <RecordContextProvider value={{ id: 5 }}>
        <UpdateWpDataMenu />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Update WP data' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(
      Object.values(WORDPRESS_SITE_ACTION_LABELS),
    );
  });

  it("says 'Success: true' with the message and links to the cron run", async () => {
    const calls = await setup('update-sitemap', {
      body: { success: true, message: 'Sitemap read: 2 sitemaps, 140 URLs', cron: { id: 12 } },
    });
    const dialog = await screen.findByRole('dialog', {
      name: WORDPRESS_SITE_ACTION_LABELS['update-sitemap'],
    });
    expect(within(dialog).getByTestId('wp-action-success').textContent).toBe('Success: true');
    expect(within(dialog).getByText('Sitemap read: 2 sitemaps, 140 URLs')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: CHECK_STATUS }).getAttribute('href')).toBe(
      `/${resources.cronJobs.dms.path}/12/show`,
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /dms/api/v1/wordpress/5/update-sitemap']);
  });

  it("says 'Success: false' when the run started but the action did not succeed", async () => {
    await setup('update-core', {
      body: {
        success: false,
        message: 'WordPress core is managed by the package manager: update through the package manager',
        cron: { id: 13 },
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('wp-action-success').textContent).toBe('Success: false');
    expect(within(dialog).getByText(/update through the package manager$/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: CHECK_STATUS })).toBeTruthy();
  });

  it("says 'Error: {message}' when the action is refused", async () => {
    await setup('update-status', {
      status: 409,
      body: { error: { code: 'conflict', message: 'This website has no WordPress connection' } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('wp-action-error').textContent).toBe(
      'Error: This website has no WordPress connection',
    );
    expect(within(dialog).queryByRole('link', { name: CHECK_STATUS })).toBeNull();
  });

  it('is not offered to a user whose roles do not hold the action', async () => {
    mockFetch({});
    renderInConsole(
      <RecordContextProvider value={{ id: 5 }}>
        <UpdateWpDataMenu />
      </RecordContextProvider>,
      { role: 'VIEWER', routes: { '/dms/api/v1/websites/:id': { GET: true } } },
    );
    // the same tree for an admin shows the menu once permissions are read; here it never appears
    renderInConsole(
      <RecordContextProvider value={{ id: 6 }}>
        <UpdateWpDataMenu />
      </RecordContextProvider>,
    );
    expect(await screen.findAllByRole('button', { name: 'Update WP data' })).toHaveLength(1);
  });
});
