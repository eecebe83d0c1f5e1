import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

const CLIENT_ID = 'sitefleet-step-up.apps.googleusercontent.com';
const KID = 'step-up-key';
const SUB = '5550001';

type Err = { error: { code: string; fields?: Record<string, string> } };

describe('step-up for Google users', () => {
  let t: TestApp;
  let key: CryptoKey;
  let certs: Server;
  let session: Record<string, string>;
  let siteId: number;

  /** A Google ID token for the test subject, issued `age` seconds ago. */
  const idToken = (claims: Record<string, unknown> = {}, age = 0) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: SUB,
      email: 'rui.costa@company.test',
      email_verified: true,
      hd: 'company.test',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuedAt(now - age)
      .setExpirationTime(now + 3600)
      .sign(key);
  };
  const stepUp = (body: Record<string, string>) =>
    t.call<Err>({ method: 'POST', url: '/ums/auth/step-up', headers: session, payload: body });
  const reveal = () =>
    t.call<{ data: { value: string } } & Err>({
      method: 'POST',
      url: `/dms/api/v1/websites/${siteId}/reveal`,
      headers: session,
      payload: { field: 'http_auth_credentials' },
    });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const pem = await exportSPKI(pair.publicKey);
    certs = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ [KID]: pem }));
    });
    await new Promise<void>((r) => certs.listen(0, '127.0.0.1', r));
    t = await createTestApp('pglite', {
      googleClientId: CLIENT_ID,
      allowedGoogleDomains: ['company.test'],
      googleCertsUrl: `http://127.0.0.1:${(certs.address() as AddressInfo).port}/certs`,
    });
    const admin = await t.as('ADMIN');
    const site = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: 'google-step-up.example', target_market: 'UK', http_auth_credentials: 'user:pass-77' },
    });
    siteId = site.body.data.id;
    session = { authorization: `Bearer ${await idToken()}`, authtype: 'google' };
    expect((await t.call({ method: 'GET', url: '/ums/api/v1/users/me', headers: session })).status).toBe(200);
    await t.db.query(
      `INSERT INTO roles (name, permissions) VALUES ('G_REVEALER',
         ARRAY(SELECT id FROM permissions WHERE route = '/dms/api/v1/websites/:id/reveal'))`,
    );
    await t.db.query(
      "UPDATE users SET roles = ARRAY(SELECT id FROM roles WHERE name = 'G_REVEALER') WHERE google_id = $1",
      [SUB],
    );
  });
  afterAll(async () => {
    await t?.close();
    certs?.close();
  });

  it('confirms a Google user with a freshly issued ID token of the same account only', async () => {
    expect((await reveal()).body.error.code).toBe('step_up_required');

    const noPassword = await stepUp({ password: 'anything at all here' });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.error.fields).toEqual({ password: 'Password confirmation failed' });

    const stale = await stepUp({ id_token: await idToken({}, 600) });
    expect(stale.status).toBe(422);
    expect(stale.body.error.fields?.id_token).toMatch(/must be a fresh sign-in/);

    const someoneElse = await stepUp({ id_token: await idToken({ sub: '5550002' }) });
    expect(someoneElse.status).toBe(422);
    expect(someoneElse.body.error.fields?.id_token).toBe('This Google account is not the one signed in');
    expect((await reveal()).status).toBe(401);

    expect((await stepUp({ id_token: await idToken() })).status).toBe(200);
    const res = await reveal();
    expect(res.status).toBe(200);
    expect(res.body.data.value).toBe('user:pass-77');
  });
});
