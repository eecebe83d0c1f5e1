// @vitest-environment jsdom
// Post content is sanitised HTML, and DOMPurify needs a complete DOM (see notifications/html.test.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { filterOf, listOf, renderInConsole } from '../websites/wordpress/testApp';
import { postsFilter } from './attachments';
import './index';
import { PostList } from './PostList';

const POSTS = resources.posts.path;

const post = {
  id: 1,
  title: 'Ten best hiking boots',
  type: 'post',
  status: 'publish',
  website_id: 5,
  website_hostname: 'alpha.test',
  website_domain_rating: 42,
  word_count: 812,
  outbound_links: 3,
  modified_at: 1_764_000_000,
  content:
    '<p onclick="steal()">Boots for <b>every</b> trail.</p><script>window.stolen = 1</script>' +
    '<a href="javascript:steal()">bad</a><img src="x" onerror="steal()"><iframe src="https://evil.test/"></iframe>',
};

function setup(path: string) {
  const filters: Array<Record<string, unknown>> = [];
  mockFetch({
    [`GET /${POSTS}`]: (_, url) => {
      filters.push(filterOf(url));
      return listOf([post]);
    },
  });
  renderInConsole(<PostList />, { resource: POSTS, path });
  return filters;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('posts list (SPEC §2.5)', () => {
  it('leaves attachments out while no type is chosen', () => {
    expect(postsFilter({})).toEqual({ exclude_type: 'attachment' });
    expect(postsFilter(undefined)).toEqual({ exclude_type: 'attachment' });
    expect(postsFilter({ type: '' })).toEqual({ exclude_type: 'attachment' });
    expect(postsFilter({ type: 'attachment' })).toEqual({});
    expect(postsFilter({ type: 'page', status: 'draft' })).toEqual({});
  });

  it('asks the server without attachments when the list is not filtered by type', async () => {
    const sent = setup(`/${POSTS}`);
    await screen.findByText('Ten best hiking boots');
    expect(sent).toEqual([{ exclude_type: 'attachment' }]);
    expect(screen.queryByText(/Not of type/)).toBeNull();
  });

  it('asks for exactly the type chosen, attachments included', async () => {
    const sent = setup(`/${POSTS}?filter=${encodeURIComponent('{"type":"attachment"}')}`);
    await screen.findByText('Ten best hiking boots');
    await waitFor(() => expect(sent).toEqual([{ type: 'attachment' }]));
  });

  it('shows the columns the SPEC names, the website linking to it', async () => {
    setup(`/${POSTS}`);
    const row = (await screen.findByText('Ten best hiking boots')).closest('tr')!;
    const site = within(row).getByRole('link', { name: 'alpha.test' });
    expect(site.getAttribute('href')).toBe(`/${resources.websites.path}/5/show`);
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('812')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('expands a row to its content, sanitised: no script, handler, javascript: link or frame', async () => {
    setup(`/${POSTS}`);
    const row = (await screen.findByText('Ten best hiking boots')).closest('tr')!;
    fireEvent.click(within(row).getByLabelText('Expand'));
    const content = await screen.findByTestId('post-content');
    expect(content.textContent).toContain('Boots for every trail.');
    expect(content.querySelector('b')?.textContent).toBe('every');
    expect(content.querySelector('script, iframe, [onclick], [onerror]')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect((window as unknown as { stolen?: number }).stolen).toBeUndefined();
  });
});
