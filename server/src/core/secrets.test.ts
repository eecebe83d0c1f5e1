import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseKey, SecretBox } from './secrets.js';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);

  it('round-trips with a fresh IV each time and never stores the clear text', () => {
    const a = box.seal('hunter2 is my password', 'websites.password');
    const b = box.seal('hunter2 is my password', 'websites.password');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('hunter2');
    expect(box.open(a, 'websites.password')).toBe('hunter2 is my password');
  });

  it('refuses a value moved to another column or altered', () => {
    const sealed = box.seal('x', 'a.b');
    expect(() => box.open(sealed, 'a.c')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('y').toString('base64url');
    expect(() => box.open(parts.join('.'), 'a.b')).toThrow();
  });

  it('opens values sealed with a previous key after rotation and marks them stale', () => {
    const old = new SecretBox(key).seal('rotate me', 'c');
    const rotated = new SecretBox(randomBytes(32), [key]);
    expect(rotated.open(old, 'c')).toBe('rotate me');
    expect(rotated.isStale(old)).toBe(true);
    expect(() => new SecretBox(randomBytes(32)).open(old, 'c')).toThrow(/unknown key/);
  });

  it('parses keys as hex or base64 of 32 bytes only', () => {
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(() => parseKey('short')).toThrow(/32 bytes/);
  });
});
