import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from '../../core/errors.js';

const ISSUER = 'sitefleet';
const AUDIENCE = 'sitefleet-console';
/** The one spelling of a user id: no sign, space, leading zero, hex or exponent ("1", never " 1" or "1e0"). */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
/** Clock difference allowed between the process that issued a token and the one reading it. */
const FUTURE_SKEW_SECONDS = 60;
/** Verified tokens kept per process; the least recently used goes first beyond this. */
const VERIFIED_CACHE_ENTRIES = 10_000;

export interface AccessClaims {
  userId: number;
  sessionEpoch: number;
}

interface Verified {
  claims: AccessClaims;
  /** The token's exp claim (epoch seconds): the entry is never used at or after it. */
  exp: number;
}

/** jose's clock: whole epoch seconds, a token being expired once exp <= now. */
function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Access tokens: HS256 only, with issuer, audience, expiry and a typ claim checked on every request. The
 * session epoch (sv) lets logout and disabling a user end every token issued before.
 *
 * A token that passed every check is remembered, keyed by its exact text, until its expiry: verifying the
 * signature through WebCrypto was a fifth of a cheap request's time, and nothing the checks read can change
 * while the token lives. What can change (logout, a disabled user) is the session epoch and the account,
 * which the identity service compares with the live principal on every request, cached token or not.
 */
export class TokenService {
  /** Imported once: jose would otherwise re-import raw key bytes on every verification. */
  private readonly key: Promise<CryptoKey>;
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly verified = new Map<string, Verified>();
  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly cacheEntries = VERIFIED_CACHE_ENTRIES,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(userId: number, sessionEpoch: number): Promise<{ access_token: string; expires_in: number }> {
    const token = await new SignJWT({ typ: 'access', sv: sessionEpoch })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
    return { access_token: token, expires_in: this.ttlSeconds };
  }

  async verify(token: string): Promise<AccessClaims> {
    const remembered = this.verifyRemembered(token);
    if (remembered) return remembered;
    const fresh = await this.verifySigned(token);
    this.verified.set(token, fresh);
    if (this.verified.size > this.cacheEntries) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    return fresh.claims;
  }

  /**
   * The claims of a token verified before, answered without waiting (the request path's fast lane), or
   * null when it was not (then `verify` checks it). An expired one is forgotten and refused as `verify` does.
   */
  verifyRemembered(token: string): AccessClaims | null {
    const hit = this.verified.get(token);
    if (!hit) return null;
    this.verified.delete(token);
    if (hit.exp <= nowSeconds()) throw unauthorized('Your session has expired');
    this.verified.set(token, hit);
    return hit.claims;
  }

  /** Whether a verification of this exact token would be answered from memory (for tests). */
  remembers(token: string): boolean {
    return this.verified.has(token);
  }

  private async verifySigned(token: string): Promise<Verified> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, sv, iat, nbf, exp } = payload;
      const latest = nowSeconds() + FUTURE_SKEW_SECONDS;
      const valid =
        payload.typ === 'access' &&
        typeof sub === 'string' &&
        CANONICAL_ID.test(sub) &&
        Number.isSafeInteger(sv) &&
        typeof iat === 'number' &&
        iat <= latest &&
        (nbf === undefined || nbf <= latest);
      if (!valid || typeof sv !== 'number' || typeof exp !== 'number') throw unauthorized('Invalid token');
      return { claims: Object.freeze({ userId: Number(sub), sessionEpoch: sv }), exp };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired');
      throw unauthorized('Invalid token');
    }
  }
}
