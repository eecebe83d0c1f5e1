import { createPrivateKey, createSign, KeyObject } from 'node:crypto';
import { IntegrationError } from '../errors.js';
import { OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';

/** Google's OAuth 2.0 token endpoint; a key file's `token_uri` normally names it. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * bad_key: the service-account key file is unusable (nothing was sent). auth: the token endpoint refused the
 * signed assertion (400/401 invalid_grant and the like: wrong or deleted key, clock skew, unknown account).
 * quota_exceeded: the token endpoint answered 429. unavailable: it failed (5xx). network / timeout: no
 * answer. refused: the outbound guard refused the token URL. bad_response: an answer that is not the
 * documented token JSON.
 */
export type GoogleAuthErrorKind =
  'bad_key' | 'auth' | 'quota_exceeded' | 'unavailable' | 'network' | 'timeout' | 'refused' | 'bad_response';

export class GoogleAuthError extends IntegrationError<GoogleAuthErrorKind> {
  override readonly name = 'GoogleAuthError';
  constructor(
    kind: GoogleAuthErrorKind,
    message: string,
    /** HTTP status of the token endpoint's answer, when there was one. */
    readonly status?: number,
  ) {
    super(kind, message);
  }
}

/** The parts of a service-account key file (JSON) the JWT-bearer flow uses. */
export interface ServiceAccountKey {
  clientEmail: string;
  /** Parsed RSA private key; the PEM text is not kept. */
  privateKey: KeyObject;
  /** Sent as the JWT `kid`; null when the file has none. */
  privateKeyId: string | null;
  /** The file's `token_uri`, or Google's token endpoint when the file has none. */
  tokenUri: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const badKey = (message: string) => new GoogleAuthError('bad_key', `The service-account key ${message}`);

function field(key: Record<string, unknown>, name: string, required: boolean): string | null {
  const value = key[name];
  if (value === undefined || value === null) {
    if (required) throw badKey(`has no "${name}"`);
    return null;
  }
  if (typeof value !== 'string' || !value.trim()) throw badKey(`field "${name}" is not a non-empty string`);
  return value.trim();
}

/**
 * Reads a service-account key file, given as its JSON text or already parsed. Errors (kind bad_key) say what
 * is wrong without quoting the private key. A PEM whose line breaks arrive as the two characters "\n" (an
 * environment variable) is accepted.
 */
export function parseServiceAccountKey(input: string | unknown): ServiceAccountKey {
  let key: unknown = input;
  if (typeof input === 'string') {
    if (!input.trim()) throw badKey('is empty');
    try {
      key = JSON.parse(input);
    } catch {
      throw badKey('is not valid JSON (expected the JSON key file of a service account)');
    }
  }
  if (!isRecord(key)) throw badKey('is not a JSON object');
  const type = field(key, 'type', false);
  if (type !== null && type !== 'service_account')
    throw badKey(`is of type "${type.slice(0, 40)}", not "service_account"`);
  const clientEmail = field(key, 'client_email', true)!;
  if (!/^[^@\s]+@[^@\s]+$/.test(clientEmail)) throw badKey('field "client_email" is not an email address');
  const pem = field(key, 'private_key', true)!.replace(/\\n/g, '\n');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw badKey('field "private_key" is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw badKey(`field "private_key" is a ${privateKey.asymmetricKeyType ?? 'non-RSA'} key, not RSA`);
  const tokenUri = field(key, 'token_uri', false) ?? GOOGLE_TOKEN_URL;
  if (!URL.canParse(tokenUri) || !/^https?:$/.test(new URL(tokenUri).protocol))
    throw badKey('field "token_uri" is not an http(s) URL');
  return { clientEmail, privateKey, privateKeyId: field(key, 'private_key_id', false), tokenUri };
}

/** A key as clients accept it: already parsed, the key file's JSON text, or that JSON parsed. */
export type ServiceAccountKeyInput = ServiceAccountKey | string | Record<string, unknown>;

const isParsedKey = (key: ServiceAccountKeyInput): key is ServiceAccountKey =>
  typeof key === 'object' && key.privateKey instanceof KeyObject;

/** The parsed key of any accepted input; a bad key file throws GoogleAuthError (bad_key). */
export const toServiceAccountKey = (key: ServiceAccountKeyInput): ServiceAccountKey =>
  isParsedKey(key) ? key : parseServiceAccountKey(key);

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

export interface AssertionClaims {
  scopes: readonly string[];
  /** The token endpoint the assertion is sent to. */
  audience: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** At most 3600 (Google refuses longer-lived assertions); default 3600. */
  lifetimeSeconds?: number;
}

/** A JWT-bearer assertion (RFC 7523) signed RS256 with the service account's key, base64url without padding. */
export function signAssertion(key: ServiceAccountKey, claims: AssertionClaims): string {
  const lifetime = Math.min(3600, Math.max(1, Math.floor(claims.lifetimeSeconds ?? 3600)));
  const header = { alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) };
  const payload = {
    iss: key.clientEmail,
    scope: claims.scopes.join(' '),
    aud: claims.audience,
    iat: claims.issuedAt,
    exp: claims.issuedAt + lifetime,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key.privateKey);
  return `${input}.${signature.toString('base64url')}`;
}

export interface TokenSourceOptions {
  key: ServiceAccountKey;
  scopes: readonly string[];
  safeFetch: SafeFetch;
  /** Replaces the key file's token_uri (a local token endpoint, a proxy). */
  tokenUrl?: string;
  /** Per token request (default 15 s). */
  timeoutMs?: number;
  /** A token is renewed this long before it expires (default 300 s; never more than half its life). */
  refreshMarginSeconds?: number;
  /** The clock (tests). */
  now?: () => number;
}

interface CachedToken {
  token: string;
  /** Epoch ms after which the token is no longer handed out. */
  renewAt: number;
}

/** The text of a token-endpoint error body: `error` and `error_description`. */
function tokenErrorText(res: SafeResponse): string {
  let body: unknown;
  try {
    body = res.json<unknown>();
  } catch {
    return '';
  }
  if (!isRecord(body)) return '';
  const parts = [body.error, body.error_description].filter((p): p is string => typeof p === 'string');
  return parts.join(': ').replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * OAuth 2.0 access tokens for one service account and scope set (INTEGRATIONS §4a): signs an assertion,
 * exchanges it at the token endpoint, and hands the token out until shortly before it expires. Concurrent
 * callers share one token request.
 */
export class GoogleTokenSource {
  private cached: CachedToken | null = null;
  private pending: Promise<string> | null = null;
  private readonly tokenUrl: string;
  private readonly now: () => number;

  constructor(private readonly options: TokenSourceOptions) {
    if (!options.scopes.length) throw new Error('A Google token source needs at least one scope');
    this.tokenUrl = options.tokenUrl ?? options.key.tokenUri;
    this.now = options.now ?? Date.now;
  }

  /** A valid access token: the cached one, or a new one (one request at a time). */
  accessToken(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forgets a token the API refused (revoked, expired early), so the next call asks for a new one. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async fetchToken(): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = signAssertion(this.options.key, {
      scopes: this.options.scopes,
      audience: this.tokenUrl,
      issuedAt,
    });
    const body = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString();
    let res: SafeResponse;
    try {
      res = await this.options.safeFetch(this.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        accept: 'application/json',
        maxRedirects: 0,
        maxBytes: 64 * 1024,
        timeoutMs: this.options.timeoutMs ?? 15_000,
      });
    } catch (err) {
      const reason = err instanceof OutboundError ? err.reason : 'network';
      const kind: GoogleAuthErrorKind =
        reason === 'network' || reason === 'timeout'
          ? reason
          : reason === 'too_large'
            ? 'bad_response'
            : 'refused';
      const detail = err instanceof Error ? err.message : String(err);
      throw new GoogleAuthError(kind, `The Google token request failed: ${detail}`);
    }
    if (res.status !== 200) {
      const said = tokenErrorText(res);
      const quoted = said ? `: ${said}` : '';
      const [kind, what]: [GoogleAuthErrorKind, string] =
        res.status === 400 || res.status === 401 || res.status === 403
          ? ['auth', 'refused the service account']
          : res.status === 429
            ? ['quota_exceeded', 'is rate limiting token requests']
            : res.status >= 500
              ? ['unavailable', 'failed']
              : ['bad_response', 'answered with an unexpected status'];
      throw new GoogleAuthError(
        kind,
        `The Google token endpoint ${what} (HTTP ${res.status})${quoted}`,
        res.status,
      );
    }
    let json: unknown;
    try {
      json = res.json<unknown>();
    } catch {
      json = undefined;
    }
    const token = isRecord(json) ? json.access_token : undefined;
    const expiresIn = isRecord(json) ? json.expires_in : undefined;
    const type = isRecord(json) ? json.token_type : undefined;
    if (
      typeof token !== 'string' ||
      !token ||
      typeof expiresIn !== 'number' ||
      !Number.isFinite(expiresIn) ||
      expiresIn <= 0 ||
      (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer'))
    )
      throw new GoogleAuthError(
        'bad_response',
        'The Google token endpoint answered without a Bearer access_token and expires_in',
        200,
      );
    const margin = Math.min(this.options.refreshMarginSeconds ?? 300, expiresIn / 2);
    // The life counts from the request, not the answer: a slow answer does not stretch it.
    this.cached = { token, renewAt: issuedAt * 1000 + (expiresIn - margin) * 1000 };
    return token;
  }
}
