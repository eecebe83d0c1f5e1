import { describe, expect, it } from 'vitest';
import { isAcceptedImage } from './imageUpload';
import { isNotificationLink, LINK_INVALID, validateLink } from './linkRules';

describe('notification form rules (SPEC §5)', () => {
  it('accepts http(s) URLs and console links starting with #/', () => {
    expect(isNotificationLink('https://example.com/x')).toBe(true);
    expect(isNotificationLink('#/dms/api/v1/domains/3/show')).toBe(true);
    expect(isNotificationLink('javascript:alert(1)')).toBe(false);
    expect(isNotificationLink('#/a b')).toBe(false);
    expect(isNotificationLink('example.com')).toBe(false);
    expect(validateLink('ftp://x')).toBe(LINK_INVALID);
    expect(validateLink('')).toBeUndefined();
  });

  it('uploads gif, jpeg, jpg, png and svg images only', () => {
    for (const name of ['a.gif', 'a.JPEG', 'a.jpg', 'a.png', 'a.svg'])
      expect(isAcceptedImage(name)).toBe(true);
    for (const name of ['a.webp', 'a.png.exe', 'png', 'a.html']) expect(isAcceptedImage(name)).toBe(false);
  });
});
