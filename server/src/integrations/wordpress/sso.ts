import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { isRecord } from './parse.js';

/**
 * One-click admin login tokens (docs/wordpress.md, "One-click admin login"):
 * `base64url(payload JSON) "." base64url(Ed25519 signature of the first part's ASCII bytes)`.
 */

export const SSO_MAX_LIFETIME_SECONDS = 60;
/** How far ahead of the verifier's clock `iat` may be. */
export const SSO_CLOCK_SKEW_SECONDS = 5;

export interface SsoKeyPair {
  /** First 16 hex characters of the SHA-256 of the raw public key. */
  keyId: string;
  /** Standard base64 of the 32 raw public-key bytes: what `sitefleet/v1/sso/key` installs. */
  publicKey: string;
  /** PKCS#8 PEM of the private key: seal it before storing. */
  privateKeyPem: string;
}

export type SsoRole = 'administrator' | 'editor';

export interface SsoStaff {
  id: number;
  email: string;
  name: string;
  role: SsoRole;
}

export interface SsoPayload {
  v: 1;
  kid: string;
  site: string;
  aud: string;
  sub: string;
  staff: SsoStaff;
  iat: number;
  exp: number;
  jti: string;
}

export type SsoRefusal =
  'malformed' | 'unknown_key' | 'bad_signature' | 'wrong_site' | 'expired' | 'wrong_user' | 'replayed';

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Key id of a raw public key given as standard base64 (or base64url). */
export function ssoKeyId(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex').slice(0, 16);
}

export function generateSsoKeyPair(): SsoKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key has no raw form');
  const raw = Buffer.from(jwk.x, 'base64url').toString('base64');
  return {
    keyId: ssoKeyId(raw),
    publicKey: raw,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** The raw public key (standard base64) that belongs to a stored private key. */
export function ssoPublicKeyOf(privateKeyPem: string): string {
  const jwk = createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key has no raw form');
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** WordPress user a staff member logs in as: their own, never a shared admin. */
export const ssoUserLogin = (staffId: number) => `sitefleet-${staffId}`;

export interface SsoPayloadInput {
  keyId: string;
  /** The companion's `site_id`. */
  siteId: string;
  /** The site's home address (`home` of the companion's status). */
  audience: string;
  staff: SsoStaff;
  /** Unix seconds; now by default. */
  now?: number;
  /** At most 60 (the default). */
  lifetimeSeconds?: number;
}

export function buildSsoPayload(input: SsoPayloadInput): SsoPayload {
  const lifetime = input.lifetimeSeconds ?? SSO_MAX_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > SSO_MAX_LIFETIME_SECONDS)
    throw new RangeError(`An SSO token lives 1 to ${SSO_MAX_LIFETIME_SECONDS} s, not ${lifetime}`);
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  return {
    v: 1,
    kid: input.keyId,
    site: input.siteId,
    aud: input.audience,
    sub: ssoUserLogin(input.staff.id),
    staff: { id: input.staff.id, email: input.staff.email, name: input.staff.name, role: input.staff.role },
    iat,
    exp: iat + lifetime,
    jti: b64url(randomBytes(16)),
  };
}

export function signSsoToken(payload: SsoPayload, privateKeyPem: string): string {
  const head = b64url(Buffer.from(JSON.stringify(payload), 'utf8'));
  const signature = sign(null, Buffer.from(head, 'ascii'), createPrivateKey(privateKeyPem));
  return `${head}.${b64url(signature)}`;
}

/** Builds and signs a token in one step; `payload.exp` tells the console when the link dies. */
export function mintSsoToken(input: SsoPayloadInput & { privateKeyPem: string }) {
  const payload = buildSsoPayload(input);
  return { token: signSsoToken(payload, input.privateKeyPem), payload };
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const ROLES: readonly string[] = ['administrator', 'editor'];

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);
const isRole = (r: unknown): r is SsoRole => typeof r === 'string' && ROLES.includes(r);

function readPayload(head: string): SsoPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.staff)) return null;
  const { v, kid, site, aud, sub, iat, exp, jti, staff } = value;
  const { id, email, name, role } = staff;
  if (v !== 1 || !isInt(iat) || !isInt(exp) || !isInt(id) || !isRole(role)) return null;
  if (typeof kid !== 'string' || typeof site !== 'string' || typeof aud !== 'string') return null;
  if (typeof sub !== 'string' || typeof jti !== 'string') return null;
  if (typeof email !== 'string' || typeof name !== 'string') return null;
  return { v, kid, site, aud, sub, staff: { id, email, name, role }, iat, exp, jti };
}

export interface SsoVerifyOptions {
  /** The installed key; none installed refuses every token as `unknown_key`. */
  key: { keyId: string; publicKey: string } | null;
  siteId: string;
  /** Unix seconds; now by default. */
  now?: number;
}

export type SsoVerification = { ok: true; payload: SsoPayload } | { ok: false; reason: SsoRefusal };

/**
 * Checks a token as the companion does, in its order: shape, key, signature, site, time. The user mapping
 * (`wrong_user`) and one use (`replayed`) need the site's state and are the caller's.
 */
export function verifySsoToken(token: string, options: SsoVerifyOptions): SsoVerification {
  const parts = token.split('.');
  const [head, sig] = parts;
  if (parts.length !== 2 || !head || !sig || !B64URL.test(head) || !B64URL.test(sig))
    return { ok: false, reason: 'malformed' };
  const payload = readPayload(head);
  if (!payload) return { ok: false, reason: 'malformed' };
  if (!options.key || payload.kid !== options.key.keyId) return { ok: false, reason: 'unknown_key' };
  const publicKey = createPublicKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      x: Buffer.from(options.key.publicKey, 'base64').toString('base64url'),
    },
    format: 'jwk',
  });
  if (!verify(null, Buffer.from(head, 'ascii'), publicKey, Buffer.from(sig, 'base64url')))
    return { ok: false, reason: 'bad_signature' };
  if (payload.site !== options.siteId) return { ok: false, reason: 'wrong_site' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const lifetime = payload.exp - payload.iat;
  if (payload.exp < now || payload.iat > now + SSO_CLOCK_SKEW_SECONDS || lifetime > SSO_MAX_LIFETIME_SECONDS)
    return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
