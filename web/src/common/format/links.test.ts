import { describe, expect, it } from 'vitest';
import { filteredListPath, runcloudUrl } from './links';

describe('hosting-panel links (SPEC §2.7)', () => {
  it('goes to the web application dashboard when the webapp is known', () => {
    expect(runcloudUrl(118201, 400280)).toBe(
      'https://manage.runcloud.io/servers/118201/webapplications/400280/summary',
    );
  });

  it('goes to the server summary with only a server, and nowhere without one', () => {
    expect(runcloudUrl(118201, null)).toBe('https://manage.runcloud.io/servers/118201/summary');
    expect(runcloudUrl('7')).toBe('https://manage.runcloud.io/servers/7/summary');
    expect(runcloudUrl(null, 5)).toBeNull();
    expect(runcloudUrl(-1)).toBeNull();
    expect(runcloudUrl('x')).toBeNull();
  });

  it('builds filtered list paths', () => {
    expect(filteredListPath('dms/api/v1/domains', { registrar_id: 3 })).toBe(
      '/dms/api/v1/domains?filter=%7B%22registrar_id%22%3A3%7D',
    );
  });
});
