import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScreen } from './App';
import { RESOURCES } from './resources';

const screen = (name: string, kind: 'list' | 'show') => {
  const found = RESOURCES.find((r) => r.name === name)?.[kind];
  if (!found || !('preload' in found) || typeof found.preload !== 'function')
    throw new Error('no lazy screen');
  return found as typeof found & { preload: () => Promise<unknown> };
};

describe('preloading the screen the address opens', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the list screen of a list address, query and all', () => {
    const list = vi.spyOn(screen('dms/api/v1/websites', 'list'), 'preload').mockResolvedValue({});
    const other = vi.spyOn(screen('dms/api/v1/domains', 'list'), 'preload').mockResolvedValue({});
    preloadScreen('#/dms/api/v1/websites?perPage=100&page=1', false);
    expect(list).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('loads the show screen of a record address', () => {
    const show = vi.spyOn(screen('dms/api/v1/websites', 'show'), 'preload').mockResolvedValue({});
    const list = vi.spyOn(screen('dms/api/v1/websites', 'list'), 'preload').mockResolvedValue({});
    preloadScreen('#/dms/api/v1/websites/12/show', false);
    expect(show).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
  });

  it('loads nothing for the dashboard, a form or an unknown address', () => {
    const list = vi.spyOn(screen('dms/api/v1/websites', 'list'), 'preload').mockResolvedValue({});
    for (const hash of ['', '#/', '#/dms/api/v1/websites/12', '#/dms/api/v1/websitesX', '#/login']) {
      preloadScreen(hash, false);
    }
    expect(list).not.toHaveBeenCalled();
  });
});
