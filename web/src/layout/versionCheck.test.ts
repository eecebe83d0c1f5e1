import { describe, expect, it, vi } from 'vitest';
import { fetchVersion, isNewVersion, RUNNING_VERSION } from './versionCheck';

describe('new-version check', () => {
  it('flags a different non-empty version only', () => {
    expect(isNewVersion('0.1.0+2', '0.1.0+1')).toBe(true);
    expect(isNewVersion(' 0.1.0+1\n', '0.1.0+1')).toBe(false);
    expect(isNewVersion('', '0.1.0+1')).toBe(false);
    expect(isNewVersion(null, '0.1.0+1')).toBe(false);
    expect(isNewVersion('<!doctype html>', '0.1.0+1')).toBe(false);
  });

  it('runs with the version injected at build time', () => {
    expect(RUNNING_VERSION).toMatch(/^\d+\.\d+\.\d+\+/);
  });

  it('fetches version.txt with a cache buster', async () => {
    const fetchMock = vi.fn(async () => new Response('1.2.3+x\n'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      expect(await fetchVersion(42)).toBe('1.2.3+x');
      expect(fetchMock).toHaveBeenCalledWith('version.txt?t=42', { cache: 'no-store' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
