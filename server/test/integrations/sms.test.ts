import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DeliveryError } from '../../src/integrations/delivery.js';
import { createDeliveryClients } from '../../src/integrations/delivery-clients.js';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { E164 } from '../../src/integrations/sms/e164.js';
import { createTwilioSms, type TwilioSmsOptions } from '../../src/integrations/sms/twilio.js';
import { noDns } from './fixtures.js';
import { startHttpServer } from './local-servers.js';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  SERVICE_SID,
  startTwilioServer,
  type LocalTwilioServer,
} from './sms-server.js';

let twilio: LocalTwilioServer;
let fetch: SafeFetchClient;
let deadOrigin: string;

beforeAll(async () => {
  twilio = await startTwilioServer();
  fetch = createSafeFetch({ allowPrivate: true, lookup: noDns });
  const dead = await startHttpServer((_req, res) => res.end());
  await dead.close();
  deadOrigin = dead.origin;
});
// A test that fails half-way must not leave its scripted answers to the next one.
afterEach(() => {
  twilio.unscript();
});
afterAll(async () => {
  await fetch.close();
  await twilio.close();
});

const options = (more: Partial<TwilioSmsOptions> = {}): TwilioSmsOptions => ({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  from: FROM,
  messagingServiceSid: null,
  apiUrl: twilio.origin,
  ...more,
});
const BASIC = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
const TO = '+4915112345678';

/** Every form the token could leak in: as is, URL-encoded, inside the Basic credentials. */
const TOKEN_FORMS = [AUTH_TOKEN, encodeURIComponent(AUTH_TOKEN), BASIC.slice(6)];

/** The DeliveryError a promise rejects with; fails the test on anything else. */
async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${String(err)}`);
  for (const form of TOKEN_FORMS) expect(err.message).not.toContain(form);
  return err;
}

const since = (before: number) => twilio.requests.slice(before);

describe('Twilio SMS sending', () => {
  it('posts the documented form with Basic auth and returns the sid and status', async () => {
    const before = twilio.requests.length;
    const sms = createTwilioSms(options(), fetch);
    const result = await sms.send({ to: TO, body: 'Site example.com is DOWN' });

    const [req, ...more] = since(before);
    expect(more).toEqual([]);
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(req!.headers.authorization).toBe(BASIC);
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req!.raw).toBe('To=%2B4915112345678&From=%2B15005550006&Body=Site+example.com+is+DOWN');
    expect(Object.fromEntries(req!.form)).toEqual({ To: TO, From: FROM, Body: 'Site example.com is DOWN' });

    const created = twilio.messages.at(-1)!;
    expect(result.id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result).toEqual({ id: created.sid, status: 'queued' });
  });

  it('sends through the Messaging Service instead of a From number when one is configured', async () => {
    const before = twilio.requests.length;
    const sms = createTwilioSms(options({ from: FROM, messagingServiceSid: SERVICE_SID }), fetch);
    const result = await sms.send({ to: '+15551234567', body: 'ok & done = 100%' });
    const [req] = since(before);
    expect(req!.raw).toBe(`To=%2B15551234567&MessagingServiceSid=${SERVICE_SID}&Body=ok+%26+done+%3D+100%25`);
    expect(req!.form.has('From')).toBe(false);
    expect(result.status).toBe('accepted');
    expect(twilio.messages.at(-1)).toMatchObject({ messaging_service_sid: SERVICE_SID, from: null });
  });

  it('cuts a body over 1,600 characters to exactly 1,600, which Twilio then accepts', async () => {
    const before = twilio.requests.length;
    const sms = createTwilioSms(options(), fetch);
    await sms.send({ to: TO, body: 'x'.repeat(5000) });
    const body = since(before)[0]!.form.get('Body')!;
    expect(body).toHaveLength(1600);
    expect(body).toBe(`${'x'.repeat(1597)}...`);
    expect(twilio.messages.at(-1)!.num_segments).toBe('11');
  });

  it('never splits a surrogate pair when cutting, and leaves a 1,600-character body alone', async () => {
    const before = twilio.requests.length;
    const sms = createTwilioSms(options(), fetch);
    await sms.send({ to: TO, body: `${'a'.repeat(1596)}😀😀😀` });
    await sms.send({ to: TO, body: 'b'.repeat(1600) });
    const [cut, whole] = since(before).map((r) => r.form.get('Body')!);
    expect(cut).toBe(`${'a'.repeat(1596)}...`);
    expect(whole).toBe('b'.repeat(1600));
  });

  it('refuses a number that is not E.164 without sending anything', async () => {
    const before = twilio.requests.length;
    const sms = createTwilioSms(options(), fetch);
    for (const to of [
      '4915112345678',
      '+04915112345678',
      '+49 151 12345678',
      '+4915',
      '+4915112345678901',
      '',
    ]) {
      const err = await failure(sms.send({ to, body: 'hello' }));
      expect(err.permanent).toBe(true);
      expect(err.code).toBe('invalid_number');
    }
    expect(since(before)).toEqual([]);
  });

  it('exports the E.164 pattern for other modules', () => {
    expect(E164.test('+4915112345678')).toBe(true);
    expect(E164.test('+1555123')).toBe(true);
    expect(E164.test('+155512')).toBe(false);
    expect(E164.test('+441234567890\n')).toBe(false);
  });

  it('needs a sender', () => {
    expect(() => createTwilioSms(options({ from: null, messagingServiceSid: null }), fetch)).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
  });
});

describe('Twilio errors', () => {
  it('treats refused credentials as permanent and never quotes the token', async () => {
    const sms = createTwilioSms(options({ authToken: `${AUTH_TOKEN}-wrong` }), fetch);
    const err = await failure(sms.send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: true, code: 20003, retryAfterMs: null });
    expect(err.message).toBe('Twilio refused the message (HTTP 401, error 20003): Authenticate');
    expect(err.message).not.toContain(`${AUTH_TOKEN}-wrong`);
  });

  it('treats an unknown Messaging Service (404 / 20404) as permanent', async () => {
    const sms = createTwilioSms(
      options({ messagingServiceSid: 'MGffffffffffffffffffffffffffffffff' }),
      fetch,
    );
    const err = await failure(sms.send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: true, code: 20404 });
    expect(err.message).toContain('HTTP 404, error 20404');
  });

  it('treats a From number the account does not own (21606) as permanent', async () => {
    const sms = createTwilioSms(options({ from: '+15005550001' }), fetch);
    const err = await failure(sms.send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: true, code: 21606 });
    expect(err.message).toMatch(/From phone number \+15005550001 is not a valid/);
  });

  it.each([21211, 21408, 21608, 21610, 21612, 21614, 21617])('treats error %i as permanent', async (code) => {
    twilio.script({ status: 400, body: { code, message: `error ${code}`, more_info: 'x', status: 400 } });
    const err = await failure(createTwilioSms(options(), fetch).send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: true, code, retryAfterMs: null });
    expect(err.message).toBe(`Twilio refused the message (HTTP 400, error ${code}): error ${code}`);
  });

  it('retries a 400 it does not know to be final (21611: the sender queue is full)', async () => {
    twilio.script({
      status: 400,
      body: {
        code: 21611,
        message: 'This From number has exceeded the maximum number of queued messages',
        status: 400,
      },
    });
    const err = await failure(createTwilioSms(options(), fetch).send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: false, code: 21611 });
  });

  it('retries a 429 after the Retry-After seconds', async () => {
    twilio.script({
      status: 429,
      body: {
        code: 20429,
        message: 'Too Many Requests',
        more_info: 'https://www.twilio.com/docs/errors/20429',
        status: 429,
      },
      headers: { 'retry-after': '7' },
    });
    const err = await failure(createTwilioSms(options(), fetch).send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: false, code: 20429, retryAfterMs: 7000 });
    expect(err.message).toBe(
      'Twilio could not take the message now (HTTP 429, error 20429): Too Many Requests',
    );
  });

  it('retries code 20429 whatever the status, and a 429 without Retry-After has no wait', async () => {
    twilio.script(
      { status: 400, body: { code: 20429, message: 'Too Many Requests', status: 400 } },
      { status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } },
    );
    const sms = createTwilioSms(options(), fetch);
    expect(await failure(sms.send({ to: TO, body: 'a' }))).toMatchObject({
      permanent: false,
      retryAfterMs: null,
    });
    expect(await failure(sms.send({ to: TO, body: 'b' }))).toMatchObject({
      permanent: false,
      retryAfterMs: null,
    });
  });

  it('retries a 5xx, with Retry-After when sent, and describes a body that is not JSON', async () => {
    twilio.script(
      {
        status: 503,
        body: { code: 20500, message: 'Internal Server Error', status: 503 },
        headers: { 'retry-after': '30' },
      },
      { status: 502, body: '<html><body>\n  Bad   gateway\n</body></html>' },
      { status: 500, body: '' },
    );
    const sms = createTwilioSms(options(), fetch);
    const unavailable = await failure(sms.send({ to: TO, body: 'a' }));
    expect(unavailable).toMatchObject({ permanent: false, code: 20500, retryAfterMs: 30_000 });
    const html = await failure(sms.send({ to: TO, body: 'b' }));
    expect(html).toMatchObject({ permanent: false, code: 502, retryAfterMs: null });
    expect(html.message).toBe(
      'Twilio could not take the message now (HTTP 502): not a Twilio error body: "<html><body> Bad gateway </body></html>"',
    );
    const empty = await failure(sms.send({ to: TO, body: 'c' }));
    expect(empty.message).toBe('Twilio could not take the message now (HTTP 500)');
  });

  it('removes the token from an error text that echoes it', async () => {
    twilio.script({
      status: 400,
      body: { code: 21604, message: `Bad request from ${ACCOUNT_SID}:${AUTH_TOKEN} (${BASIC})`, status: 400 },
    });
    const err = await failure(createTwilioSms(options(), fetch).send({ to: TO, body: 'hello' }));
    expect(err.message).toBe(
      `Twilio refused the message (HTTP 400, error 21604): Bad request from ${ACCOUNT_SID}:*** (Basic ***)`,
    );
  });

  it('does not retry a 201 without a sid, since the message may already be on its way', async () => {
    twilio.script({ status: 201, body: { status: 'queued' } });
    const err = await failure(createTwilioSms(options(), fetch).send({ to: TO, body: 'hello' }));
    expect(err).toMatchObject({ permanent: true, code: 'bad_response' });
  });

  it('retries when Twilio cannot be reached', async () => {
    const err = await failure(
      createTwilioSms(options({ apiUrl: deadOrigin }), fetch).send({ to: TO, body: 'x' }),
    );
    expect(err).toMatchObject({ permanent: false, code: 'network' });
    expect(err.message).toMatch(/^Twilio request failed: /);
  });

  it('does not retry when the outbound guard refuses the API address', async () => {
    const guarded = createSafeFetch({ lookup: noDns });
    try {
      const before = twilio.requests.length;
      const err = await failure(createTwilioSms(options(), guarded).send({ to: TO, body: 'x' }));
      expect(err).toMatchObject({ permanent: true, code: 'blocked_address' });
      expect(since(before)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('delivery clients from configuration', () => {
  const env = (more: Record<string, string>) => ({ TWILIO_API_URL: twilio.origin, ...more });

  it('leaves both channels off when nothing is configured', () => {
    expect(createDeliveryClients(loadConfig(env({})), fetch)).toEqual({ mailer: null, sms: null });
  });

  it('builds a working SMS sender from the TWILIO_* settings', async () => {
    const config = loadConfig(
      env({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: FROM }),
    );
    const { mailer, sms } = createDeliveryClients(config, fetch);
    expect(mailer).toBeNull();
    const before = twilio.requests.length;
    const result = await sms!.send({ to: TO, body: 'from config' });
    expect(result.id).toBe(twilio.messages.at(-1)!.sid);
    expect(since(before)[0]!.form.get('Body')).toBe('from config');
  });

  it('builds a mailer when SMTP_HOST is set', async () => {
    const { mailer, sms } = createDeliveryClients(loadConfig(env({ SMTP_HOST: '127.0.0.1' })), fetch);
    expect(sms).toBeNull();
    expect(mailer).not.toBeNull();
    await mailer!.close();
  });

  it('stops start-up on a half-configured channel', () => {
    const build = (more: Record<string, string>) => () => createDeliveryClients(loadConfig(env(more)), fetch);
    expect(build({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN })).toThrow(
      'TWILIO_ACCOUNT_SID is set but there is no sender: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    );
    expect(build({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_FROM: FROM })).toThrow(
      'TWILIO_ACCOUNT_SID is set but TWILIO_AUTH_TOKEN is not',
    );
    expect(build({ SMTP_HOST: 'smtp.example.com', SMTP_USER: 'alerts' })).toThrow(
      'SMTP_USER is set but SMTP_PASSWORD is not',
    );
  });
});
