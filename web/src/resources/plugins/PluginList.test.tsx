import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOf, renderInConsole } from '../websites/wordpress/testApp';
import { mockFetch, onAction } from '../../test/fetchMock';
import './index';
import { PluginList } from './PluginList';

const PLUGINS = resources.plugins.path;

const plugin = (id: number, name: string, installs: number) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  latest_version: '1.0',
  author_name: 'Someone',
  total_installs: installs,
  active_installs: installs,
  inactive_installs: 0,
  updates_available: 0,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('plugins list merge (SPEC §7.4)', () => {
  it('keeps the plugin with the most installs and merges the others into it through the merge action', async () => {
    const merged: string[] = [];
    mockFetch({
      [`GET /${PLUGINS}`]: () => listOf([plugin(1, 'Yoast SEO', 12), plugin(2, 'Yoast', 3)]),
      ...onAction(actions.wordpress.mergePlugins, { id: '1' }, (_, url) => {
        merged.push(url.searchParams.get('ids') ?? '');
        return { body: { data: { id: 1, name: 'Yoast SEO' }, meta: { moved_installs: 3 } } };
      }),
    });
    renderInConsole(<PluginList />, { resource: PLUGINS });
    await screen.findByText('Yoast');
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    const keep = within(dialog).getByRole('radio', { name: 'Yoast SEO (12 installs)' }) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: 'Yoast (3 installs)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged into Yoast SEO: 3 installs moved')).toBeTruthy();
    expect(merged).toEqual(['2']);
  });

  it('offers no Merge to a user whose roles do not hold the merge action', async () => {
    mockFetch({ [`GET /${PLUGINS}`]: () => listOf([plugin(1, 'Akismet', 1), plugin(2, 'Akismet 2', 1)]) });
    renderInConsole(<PluginList />, {
      resource: PLUGINS,
      role: 'VIEWER',
      routes: { [`/${PLUGINS}`]: { GET: true } },
    });
    await screen.findByText('Akismet 2');
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    await waitFor(() => expect(screen.getByText(/2 items selected/i)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
  });
});
