import { describe, expect, it } from 'vitest';
import { httpStatusColor, pagePath } from './scanFormat';

describe('scanned pages', () => {
  it('colours HTTP statuses: 2xx green, 3xx blue, errors red', () => {
    expect(httpStatusColor(200)).toBe('success');
    expect(httpStatusColor(301)).toBe('info');
    expect(httpStatusColor(404)).toBe('error');
    expect(httpStatusColor(null)).toBe('error');
  });

  it("shows a site's page by its path", () => {
    expect(pagePath('http://127.0.0.1:8080/about.html?p=2#top')).toBe('/about.html?p=2');
    expect(pagePath('https://site.test')).toBe('/');
    expect(pagePath('not a url')).toBe('not a url');
  });
});
