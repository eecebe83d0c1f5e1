import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildSsoPayload,
  generateSsoKeyPair,
  mintSsoToken,
  signSsoToken,
  ssoKeyId,
  ssoPublicKeyOf,
  verifySsoToken,
  type SsoPayload,
} from './sso.js';

const keys = generateSsoKeyPair();
const staff = { id: 17, email: 'ana@example.com', name: 'Ana Ruiz', role: 'administrator' as const };
const NOW = 1_764_080_000;
const input = { keyId: keys.keyId, siteId: '42', audience: 'http://127.0.0.2:8089', staff, now: NOW };
const key = { keyId: keys.keyId, publicKey: keys.publicKey };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('SSO key pair', () => {
  it('exports the 32 raw public-key bytes and names them by the first 16 hex of their SHA-256', () => {
    const raw = Buffer.from(keys.publicKey, 'base64');
    expect(raw).toHaveLength(32);
    expect(keys.keyId).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
    expect(ssoKeyId(keys.publicKey)).toBe(keys.keyId);
  });

  it('recovers the public key from the stored private key', () => {
    expect(ssoPublicKeyOf(keys.privateKeyPem)).toBe(keys.publicKey);
    expect(generateSsoKeyPair().keyId).not.toBe(keys.keyId);
  });
});

describe('SSO payload', () => {
  it('binds site, audience, the staff member and their own WordPress user, living 60 s', () => {
    const payload = buildSsoPayload(input);
    expect(payload).toMatchObject({
      v: 1,
      kid: keys.keyId,
      site: '42',
      aud: 'http://127.0.0.2:8089',
      sub: 'sitefleet-17',
      staff,
      iat: NOW,
      exp: NOW + 60,
    });
    expect(Buffer.from(payload.jti, 'base64url')).toHaveLength(16);
    expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('draws a fresh jti for every token', () => {
    const jtis = new Set(Array.from({ length: 200 }, () => buildSsoPayload(input).jti));
    expect(jtis.size).toBe(200);
  });

  it('refuses a lifetime over 60 s or under 1 s', () => {
    expect(() => buildSsoPayload({ ...input, lifetimeSeconds: 61 })).toThrow(RangeError);
    expect(() => buildSsoPayload({ ...input, lifetimeSeconds: 0 })).toThrow(RangeError);
    expect(buildSsoPayload({ ...input, lifetimeSeconds: 30 }).exp).toBe(NOW + 30);
  });
});

describe('SSO token', () => {
  it('is base64url(payload JSON) "." base64url(64-byte signature) and verifies', () => {
    const { token, payload } = mintSsoToken({ ...input, privateKeyPem: keys.privateKeyPem });
    const [head, sig] = token.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual(payload);
    expect(Buffer.from(sig!, 'base64url')).toHaveLength(64);
    expect(verifySsoToken(token, { key, siteId: '42', now: NOW + 10 })).toEqual({ ok: true, payload });
  });

  const minted = (overrides: Partial<SsoPayload> = {}, pem = keys.privateKeyPem) =>
    signSsoToken({ ...buildSsoPayload(input), ...overrides }, pem);
  const reason = (token: string, options: Partial<Parameters<typeof verifySsoToken>[1]> = {}) => {
    const result = verifySsoToken(token, { key, siteId: '42', now: NOW + 1, ...options });
    return result.ok ? 'ok' : result.reason;
  };

  it('refuses a tampered payload as bad_signature', () => {
    const token = minted();
    const [, sig] = token.split('.');
    const forged = b64({ ...buildSsoPayload(input), staff: { ...staff, id: 1 }, sub: 'sitefleet-1' });
    expect(reason(`${forged}.${sig}`)).toBe('bad_signature');
    const flipped = Buffer.from(sig!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(reason(`${token.split('.')[0]}.${flipped.toString('base64url')}`)).toBe('bad_signature');
  });

  it('refuses a token signed by another key that claims this key id', () => {
    expect(reason(minted({}, generateSsoKeyPair().privateKeyPem))).toBe('bad_signature');
  });

  it('refuses an unknown key id, and every token when no key is installed', () => {
    expect(reason(minted({ kid: '0000000000000000' }))).toBe('unknown_key');
    expect(reason(minted(), { key: null })).toBe('unknown_key');
  });

  it('refuses another site', () => {
    expect(reason(minted(), { siteId: '43' })).toBe('wrong_site');
  });

  it('refuses a token past exp, issued more than 5 s ahead, or living over 60 s', () => {
    expect(reason(minted(), { now: NOW + 60 })).toBe('ok');
    expect(reason(minted(), { now: NOW + 61 })).toBe('expired');
    expect(reason(minted(), { now: NOW - 5 })).toBe('ok');
    expect(reason(minted(), { now: NOW - 6 })).toBe('expired');
    expect(reason(minted({ exp: NOW + 61 }))).toBe('expired');
  });

  it('refuses anything that is not two base64url parts of the documented payload', () => {
    const sig = minted().split('.')[1];
    const good = buildSsoPayload(input);
    expect(reason('')).toBe('malformed');
    expect(reason('abc')).toBe('malformed');
    expect(reason(`${minted()}.x`)).toBe('malformed');
    expect(reason(`a+b.${sig}`)).toBe('malformed');
    expect(reason(`${b64('not an object')}.${sig}`)).toBe('malformed');
    expect(reason(`${Buffer.from('{nope').toString('base64url')}.${sig}`)).toBe('malformed');
    expect(reason(`${b64({ ...good, v: 2 })}.${sig}`)).toBe('malformed');
    expect(reason(`${b64({ ...good, exp: '1' })}.${sig}`)).toBe('malformed');
    expect(reason(`${b64({ ...good, staff: { ...staff, role: 'subscriber' } })}.${sig}`)).toBe('malformed');
  });
});
