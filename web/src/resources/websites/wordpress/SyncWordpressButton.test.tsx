import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../../test/fetchMock';
import '../index';
import { WebsiteList } from '../WebsiteList';
import { listOf, renderInConsole } from './testApp';

const WEBSITES = resources.websites.path;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("websites list 'Sync WordPress' bulk action", () => {
  it('syncs the selected websites and opens the run', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      [`GET /${WEBSITES}`]: () =>
        listOf([
          { id: 4, hostname: 'a.test', url: 'https://a.test/', type: 'MONEY' },
          { id: 9, hostname: 'b.test', url: 'https://b.test/', type: 'LINK' },
          { id: 12, hostname: 'c.test', url: 'https://c.test/', type: 'LINK' },
        ]),
      ...onAction(actions.wordpress.syncFleet, null, (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { cron_id: 90, data: { id: 90 } } };
      }),
    });
    renderInConsole(<WebsiteList />, { resource: WEBSITES, path: `/${WEBSITES}` });
    for (const host of ['a.test', 'c.test'])
      fireEvent.click(within((await screen.findByText(host)).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sync WordPress' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(`/${resources.cronJobs.dms.path}/90/show`),
    );
    expect(bodies).toEqual([{ ids: [4, 12] }]);
  });
});
