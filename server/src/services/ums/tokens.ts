import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from '../../core/errors.js';

const ISSUER = 'sitefleet';
const AUDIENCE = 'sitefleet-console';
/** The one spelling of a user id: no sign, space, leading zero, hex or exponent ("1", never " 1" or "1e0"). */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
/** Clock difference allowed between the process that issued a token and the one reading it. */
const FUTURE_SKEW_SECONDS = 60;

export interface AccessClaims {
  userId: number;
  sessionEpoch: number;
}

/**
 * Access tokens: HS256 only, with issuer, audience, expiry and a typ claim checked on every request. The
 * session epoch (sv) lets logout and disabling a user end every token issued before.
 */
export class TokenService {
  /** Imported once: jose would otherwise re-import raw key bytes on every verification. */
  private readonly key: Promise<CryptoKey>;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
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
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sub, sv, iat, nbf } = payload;
      const latest = Math.floor(Date.now() / 1000) + FUTURE_SKEW_SECONDS;
      const valid =
        payload.typ === 'access' &&
        typeof sub === 'string' &&
        CANONICAL_ID.test(sub) &&
        Number.isSafeInteger(sv) &&
        typeof iat === 'number' &&
        iat <= latest &&
        (nbf === undefined || nbf <= latest);
      if (!valid || typeof sv !== 'number') throw unauthorized('Invalid token');
      return { userId: Number(sub), sessionEpoch: sv };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired');
      throw unauthorized('Invalid token');
    }
  }
}
