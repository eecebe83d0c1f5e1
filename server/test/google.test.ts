import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

const CLIENT_ID = 'sitefleet-test.apps.googleusercontent.com';
const KID = 'test-key-1';

/** A local stand-in for Google's certificate endpoint, serving the public key that signs the test tokens. */
async function certServer(pem: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    res.end(JSON.stringify({ [KID]: pem }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs` };
}

describe('Google sign-in', () => {
  let t: TestApp;
  let key: CryptoKey;
  let other: CryptoKey;
  let certs: { server: Server; url: string };

  const token = (claims: Record<string, unknown>, signer: CryptoKey = key, exp: string | number = '1h') =>
    new SignJWT({
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '1234567890',
      email: 'ana.silva@company.test',
      email_verified: true,
      hd: 'company.test',
      given_name: 'Ana',
      family_name: 'Silva',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(signer);

  const me = (idToken: string) =>
    t.call<{ data: { email: string; full_roles: unknown[] } }>({
      method: 'GET',
      url: '/ums/api/v1/users/me',
      headers: { authorization: `Bearer ${idToken}`, authtype: 'google' },
    });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    other = (await generateKeyPair('RS256')).privateKey;
    certs = await certServer(await exportSPKI(pair.publicKey));
    t = await createTestApp('pglite', {
      googleClientId: CLIENT_ID,
      allowedGoogleDomains: ['company.test', 'company-two.test'],
      googleCertsUrl: certs.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    certs?.server.close();
  });

  it('accepts a company account and creates it without roles on first sign-in', async () => {
    const res = await me(await token({}));
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('ana.silva@company.test');
    expect(res.body.data.full_roles).toEqual([]);
    const again = await me(await token({ email: 'ana.silva@company.test' }));
    const users = await t.db.query("SELECT count(*) AS n FROM users WHERE google_id = '1234567890'");
    expect(again.status).toBe(200);
    expect(Number((users.rows[0] as { n: number }).n)).toBe(1);
  });

  it('links an existing account with the same e-mail to its Google subject', async () => {
    await t.db.query(
      "INSERT INTO users (name, email, roles, target_markets) SELECT 'Bo', 'bo@company-two.test', ARRAY(SELECT id FROM roles WHERE name='VIEWER'), '{All}'",
    );
    const res = await me(
      await token({ sub: 'bo-sub', email: 'bo@company-two.test', hd: 'company-two.test' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.full_roles).toMatchObject([{ name: 'VIEWER' }]);
  });

  it('refuses other domains, missing hd, wrong audience, expiry, foreign keys and alg swaps', async () => {
    const refused = [
      await token({ hd: 'gmail.com', email: 'x@gmail.com' }),
      await token({ hd: undefined }),
      await token({ hd: 'company.test', email: 'spoof@evil.test' }),
      await token({ aud: 'another-client' }),
      await token({ iss: 'https://evil.example' }),
      await token({}, key, Math.floor(Date.now() / 1000) - 3600),
      await token({}, other),
      await new SignJWT({ aud: CLIENT_ID, iss: 'https://accounts.google.com', sub: '1', hd: 'company.test' })
        .setProtectedHeader({ alg: 'HS256', kid: KID })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(40))),
    ];
    for (const idToken of refused) {
      const res = await me(idToken);
      expect(res.status, idToken).toBe(401);
    }
    const wrongDomain = await me(await token({ hd: 'gmail.com', email: 'x@gmail.com' }));
    expect(JSON.stringify(wrongDomain.body)).toContain('Only company emails are allowed');
  });

  it('refuses a disabled Google user', async () => {
    await t.db.query("UPDATE users SET disabled = true WHERE google_id = '1234567890'");
    expect((await me(await token({}))).status).toBe(401);
  });

  it('exposes the client id to the console before sign-in', async () => {
    const cfg = await t.call<{ google_client_id: string; allowed_google_domains: string[] }>({
      method: 'GET',
      url: '/config.json',
    });
    expect(cfg.body.google_client_id).toBe(CLIENT_ID);
    expect(cfg.body.allowed_google_domains).toEqual(['company.test', 'company-two.test']);
  });
});
