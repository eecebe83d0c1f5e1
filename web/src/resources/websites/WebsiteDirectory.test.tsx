import { fireEvent, screen, within } from '@testing-library/react';
import { actions, resources, type ActionResponse } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../test/fetchMock';
import { renderInConsole } from './wordpress/testApp';
import { WebsiteDirectory } from './WebsiteDirectory';

type Directory = ActionResponse<typeof actions.backlinks.websiteDirectory>['data'];

afterEach(() => {
  vi.unstubAllGlobals();
});

const D = 'https://dir.example';
const money = {
  id: 7,
  hostname: 'www.spin-money.example',
  friendly_name: 'Spin Money',
  type: 'MONEY',
  status: 'LIVE',
} as const;
const listing = (id: number, path: string, over: Partial<Directory['listings'][number]> = {}) => ({
  id,
  url: `${D}${path}`,
  title: null,
  status: 200,
  error: null,
  scanned_at: 1_790_000_000,
  categories: [],
  links: [],
  ...over,
});
const DIRECTORY: Directory = {
  is_directory: true,
  last_scanned_at: 1_790_000_000,
  counts: { listings: 3, portfolio_sites: 1, external_targets: 1, gone: 1 },
  portfolio_sites: [{ ...money, listings: 1 }],
  listings: [
    listing(1, '/listing/spin-money/', {
      title: 'Spin Money | Dir',
      categories: [{ url: `${D}/category/online-casinos/`, name: 'Online casinos' }],
      links: [
        {
          url: 'https://spin-money.example/',
          target_host: 'spin-money.example',
          anchor: 'Visit website',
          rel: ['sponsored'],
          hits: 1,
          website: money,
        },
      ],
    }),
    listing(2, '/listing/old-brand/', { status: 404, error: `${D}/listing/old-brand/ answered 404` }),
    listing(3, '/listing/spinland/', {
      title: 'SpinLand | Dir',
      links: [
        {
          url: 'https://www.spinland.example/',
          target_host: 'www.spinland.example',
          anchor: 'SpinLand',
          rel: ['noopener'],
          hits: 1,
          website: null,
        },
      ],
    }),
  ],
  truncated: false,
};

const show = (record: Record<string, unknown>) =>
  renderInConsole(
    <RecordContextProvider value={record}>
      <WebsiteDirectory label={false} />
    </RecordContextProvider>,
    { resource: resources.websites.path },
  );
const rows = () => screen.getAllByTestId('directory-listing');

describe('website show, Directory tab (SPEC §2.5)', () => {
  it("shows a directory's counts and listings, each target site linked to its page, and sorts by target", async () => {
    mockFetch(
      onAction(actions.backlinks.websiteDirectory, { id: '3' }, () => ({ body: { data: DIRECTORY } })),
    );
    show({ id: 3, type: 'DIRECTORY', hostname: 'dir.example' });
    await screen.findByRole('table', { name: 'Directory listings' });
    const counts = screen.getAllByTestId('directory-count').map((c) => c.textContent);
    expect(counts).toEqual([
      'Listings3',
      'Portfolio sites linked1',
      'External targets1',
      'Listings gone (404/410)1',
    ]);
    expect(rows()).toHaveLength(3);
    const first = rows()[0]!;
    expect(within(first).getByText('Spin Money | Dir')).toBeTruthy();
    expect(within(first).getByText('Online casinos')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'www.spin-money.example' }).getAttribute('href')).toBe(
      `/${resources.websites.path}/7/show`,
    );
    expect(within(first).getByText('Money')).toBeTruthy();
    expect(within(first).getByText('sponsored')).toBeTruthy();
    expect(within(rows()[1]!).getByText('404 Gone')).toBeTruthy();
    expect(within(rows()[1]!).getByText('No link out')).toBeTruthy();
    // noopener says nothing of the link's weight: the link is followed.
    expect(within(rows()[2]!).getByText('follow')).toBeTruthy();
    expect(within(rows()[2]!).getByText('www.spinland.example')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Links to' }));
    const order = () => rows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    // By target host, the listing without a link last.
    expect(order()[0]).toContain('/listing/spin-money/');
    expect(order()[1]).toContain('/listing/spinland/');
    expect(order()[2]).toContain('/listing/old-brand/');
  });

  it('asks again with the site and rel filters picked', async () => {
    const asked: string[] = [];
    mockFetch(
      onAction(actions.backlinks.websiteDirectory, { id: '3' }, (_, url) => {
        asked.push(url.search);
        const filtered = url.searchParams.has('rel');
        return {
          body: { data: filtered ? { ...DIRECTORY, listings: DIRECTORY.listings.slice(0, 1) } : DIRECTORY },
        };
      }),
    );
    show({ id: 3, type: 'DIRECTORY', hostname: 'dir.example' });
    await screen.findByRole('table', { name: 'Directory listings' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Links to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'www.spin-money.example (1)' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'sponsored' }));
    await screen.findByText(/1 of 3 listings match the filters/);
    expect(rows()).toHaveLength(1);
    expect(asked).toEqual(['', '?target_website_id=7', '?target_website_id=7&rel=sponsored']);
  });

  it('says in one line why a site of another type has no listings, without asking the server', () => {
    const calls = mockFetch({});
    show({ id: 4, type: 'MONEY', hostname: 'www.spin-money.example' });
    expect(screen.getByTestId('not-a-directory').textContent).toBe(
      'This is a Money site: the Directory tab lists the listings of directory sites only.',
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    mockFetch(
      onAction(actions.backlinks.websiteDirectory, { id: '3' }, () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'You may not read this' } },
      })),
    );
    show({ id: 3, type: 'DIRECTORY', hostname: 'dir.example' });
    expect((await screen.findByRole('alert')).textContent).toContain('You may not read this');
  });
});
