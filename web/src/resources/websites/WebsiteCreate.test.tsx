import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock';
import { listOf, renderInConsole } from './wordpress/testApp';
import { WebsiteCreate } from './WebsiteCreate';

afterEach(() => vi.unstubAllGlobals());

describe('website create (SPEC §2.5)', () => {
  it('opens on the plain form and toggles to the creation wizard', async () => {
    const pickers = ['users', 'tags', 'domains', 'servers', 'ipAddresses', 'repositories'] as const;
    mockFetch(Object.fromEntries(pickers.map((r) => [`GET /${resources[r].path}`, () => listOf([])])));
    const path = resources.websites.path;
    renderInConsole(<WebsiteCreate />, { resource: path, path: `/${path}/create` });
    expect(await screen.findByRole('textbox', { name: /URL/ })).toBeTruthy();
    const plain = screen.getByRole('button', { name: 'Plain form' });
    expect(plain.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Wizard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/deploy-website'));
  });
});
