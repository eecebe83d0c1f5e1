import type { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  iss: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  hostedDomain: string | null;
  name: string | null;
  familyName: string | null;
  picture: string | null;
  /** When Google issued the token (seconds): a step-up accepts only a freshly issued one. */
  issuedAt?: number;
}

export class GoogleTokenError extends Error {}

/**
 * Verifies Google ID tokens (signature against Google's published certificates, audience, issuer, expiry)
 * and restricts the hosted domain (hd) to the company's domains. The certificate URL can be pointed at a
 * local server for tests; in production it stays Google's.
 */
export class GoogleIdTokenVerifier {
  private client: Promise<OAuth2Client> | null = null;
  constructor(
    private readonly clientId: string,
    private readonly allowedDomains: string[],
    private readonly certsUrl: string | null = null,
  ) {}

  /**
   * Google's client library (about 13 MB resident with its HTTP and crypto dependencies) loads on the
   * first Google sign-in, not at start.
   */
  private oauthClient(): Promise<OAuth2Client> {
    this.client ??= import('google-auth-library').then(
      ({ OAuth2Client }) =>
        new OAuth2Client({
          clientId: this.clientId,
          ...(this.certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: this.certsUrl } } : {}),
        }),
    );
    return this.client;
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    const client = await this.oauthClient();
    let payload;
    try {
      const ticket = await client.verifyIdToken({ idToken, audience: this.clientId });
      payload = ticket.getPayload();
    } catch (err) {
      throw new GoogleTokenError(`Google token refused: ${(err as Error).message}`);
    }
    if (!payload?.sub || !payload.email) throw new GoogleTokenError('Google token lacks subject or e-mail');
    const hd = payload.hd?.toLowerCase() ?? null;
    if (!hd || !this.allowedDomains.includes(hd))
      throw new GoogleTokenError('Only company emails are allowed');
    if (!payload.email.toLowerCase().endsWith(`@${hd}`))
      throw new GoogleTokenError('Only company emails are allowed');
    return {
      iss: 'https://accounts.google.com',
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true,
      hostedDomain: hd,
      name: payload.given_name ?? payload.name ?? null,
      familyName: payload.family_name ?? null,
      picture: payload.picture ?? null,
      ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}),
    };
  }
}
