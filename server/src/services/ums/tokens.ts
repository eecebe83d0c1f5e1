import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { unauthorized } from '../../core/errors.js';

const ISSUER = 'sitefleet';
const AUDIENCE = 'sitefleet-console';

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
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sv !== 'number') {
        throw unauthorized('Invalid token');
      }
      return { userId, sessionEpoch: payload.sv };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired');
      throw unauthorized('Invalid token');
    }
  }
}
