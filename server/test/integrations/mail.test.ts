import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryError } from '../../src/integrations/delivery.js';
import { createSmtpMailer, type SmtpMailerOptions } from '../../src/integrations/mail/smtp.js';
import type { Mailer } from '../../src/integrations/mail/types.js';

const USER = 'alerts@sitefleet.test';
const PASSWORD = 'c0rrect horse+battery/staple=';
const FROM = 'Sitefleet Alerts <alerts@sitefleet.test>';

/** Every form the password can travel in: as is, AUTH LOGIN's base64, AUTH PLAIN's base64. */
const PASSWORD_FORMS = (password: string) => [
  password,
  Buffer.from(password).toString('base64'),
  Buffer.from(`\u0000${USER}\u0000${password}`).toString('base64'),
];

interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: unknown;
  secure: boolean;
  raw: string;
}

interface LocalSmtpServer {
  port: number;
  received: Received[];
  /** Every credential pair the server was offered. */
  logins: Array<{ method: string; username: string | undefined; password: string | null | undefined }>;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * An SMTP relay on 127.0.0.1 that requires AUTH (PLAIN or LOGIN), offers STARTTLS with smtp-server's built-in
 * self-signed certificate, and answers recipients by their local part: reject* 550, busy* 450.
 */
async function startSmtpServer(more: Partial<SMTPServerOptions> = {}): Promise<LocalSmtpServer> {
  const received: Received[] = [];
  const logins: LocalSmtpServer['logins'] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ method: auth.method, username: auth.username, password: auth.password });
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
      // A careless relay that echoes what it was sent: the client must not pass that on.
      callback(smtpError(535, `5.7.8 Authentication failed for ${auth.username}:${auth.password}`));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) return callback(smtpError(550, '5.1.1 Mailbox unavailable'));
      if (address.address.startsWith('busy'))
        return callback(smtpError(450, '4.2.1 Mailbox busy, try later'));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((r) => r.address),
          user: session.user,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
    ...more,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function relay(more: Partial<SMTPServerOptions> = {}): Promise<LocalSmtpServer> {
  const server = await startSmtpServer(more);
  cleanup.push(() => server.close());
  return server;
}

function mailer(port: number, more: Partial<SmtpMailerOptions> = {}): Mailer {
  const m = createSmtpMailer({
    host: '127.0.0.1',
    port,
    secure: false,
    user: USER,
    password: PASSWORD,
    from: FROM,
    tls: { rejectUnauthorized: false },
    connectionTimeoutMs: 2_000,
    ...more,
  });
  cleanup.push(() => m.close());
  return m;
}

/** The DeliveryError a promise rejects with; fails the test on anything else, or on a leaked password. */
async function failure(promise: Promise<unknown>, password = PASSWORD): Promise<DeliveryError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${String(err)}`);
  for (const form of PASSWORD_FORMS(password)) expect(err.message).not.toContain(form);
  expect(err.cause).toBeUndefined();
  return err;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SMTP mailer', () => {
  it('logs in over STARTTLS and delivers the message as written', async () => {
    const server = await relay();
    const { messageId } = await mailer(server.port).send({
      to: ['ops@example.com'],
      subject: 'DOWN: example.com (HTTP 503) – Überwachung',
      text: 'example.com answered 503 at 10:00 UTC.\nSecond line.',
      html: '<p>example.com answered <b>503</b></p>',
    });

    expect(server.logins).toEqual([
      { method: expect.stringMatching(/^(PLAIN|LOGIN)$/), username: USER, password: PASSWORD },
    ]);
    const [got, ...more] = server.received;
    expect(more).toEqual([]);
    expect(got).toMatchObject({ mailFrom: USER, rcptTo: ['ops@example.com'], user: USER, secure: true });
    const parsed = await simpleParser(got!.raw);
    expect(parsed.from?.value).toEqual([{ address: USER, name: 'Sitefleet Alerts' }]);
    expect(addresses(parsed.to)).toEqual(['ops@example.com']);
    expect(parsed.subject).toBe('DOWN: example.com (HTTP 503) – Überwachung');
    expect(parsed.text).toBe('example.com answered 503 at 10:00 UTC.\nSecond line.');
    expect(parsed.html).toBe('<p>example.com answered <b>503</b></p>');
    expect(parsed.messageId).toBe(messageId);
    expect(messageId).toMatch(/^<.+@.+>$/);
  });

  it('keeps a subject with CR/LF in one header', async () => {
    const server = await relay();
    await mailer(server.port).send({
      to: ['ops@example.com'],
      subject: 'Alert\r\nBcc: x@y.test\r\nX-Injected: 1',
      text: 'body',
    });
    const [got] = server.received;
    expect(got!.rcptTo).toEqual(['ops@example.com']);
    const head = got!.raw.slice(0, got!.raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^(bcc|x-injected):/im);
    const parsed = await simpleParser(got!.raw);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe('Alert Bcc: x@y.test X-Injected: 1');
  });

  it('drops other control characters from the subject, such as terminal escapes', async () => {
    const server = await relay();
    await mailer(server.port).send({
      to: ['ops@example.com'],
      subject: 'Alert\u0000\u001b[31m red\u0007',
      text: 'b',
    });
    const parsed = await simpleParser(server.received[0]!.raw);
    expect(parsed.subject).toBe('Alert [31m red');
  });

  it('refuses a recipient entry that is not one plain address, without connecting', async () => {
    const server = await relay();
    const m = mailer(server.port);
    for (const to of [
      'ops@example.com\r\nBcc: x@y.test',
      'ops@example.com, x@y.test',
      'Ops <ops@example.com>',
      'ops',
    ]) {
      const err = await failure(m.send({ to: [to], subject: 's', text: 't' }));
      expect(err).toMatchObject({ permanent: true, code: 'invalid_address' });
    }
    expect((await failure(m.send({ to: [], subject: 's', text: 't' }))).code).toBe('no_recipient');
    expect(server.logins).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it('treats a refused login as permanent and never repeats the password', async () => {
    const server = await relay();
    const wrong = `${PASSWORD}-old`;
    const err = await failure(
      mailer(server.port, { password: wrong }).send({ to: ['ops@example.com'], subject: 's', text: 't' }),
      wrong,
    );
    expect(err).toMatchObject({ permanent: true, code: 535 });
    expect(server.logins.map((l) => l.password)).toContain(wrong);
    expect(err.message).toContain(`Authentication failed for ${USER}:***`);
    expect(err.message).toMatch(/^Could not send e-mail through 127\.0\.0\.1:\d+ \(EAUTH\): /);
    expect(server.received).toEqual([]);
  });

  it('treats a recipient the relay rejects with 550 as permanent', async () => {
    const server = await relay();
    const err = await failure(
      mailer(server.port).send({ to: ['reject@example.com'], subject: 's', text: 't' }),
    );
    expect(err).toMatchObject({ permanent: true, code: 550 });
    expect(err.message).toContain('5.1.1 Mailbox unavailable');
    expect(server.received).toEqual([]);
  });

  it('reports the recipients the relay refused when it took the others', async () => {
    const server = await relay();
    const m = mailer(server.port);
    const err = await failure(
      m.send({ to: ['ops@example.com', 'reject@example.com'], subject: 's', text: 't' }),
    );
    expect(err).toMatchObject({ permanent: true, code: 550 });
    expect(err.message).toMatch(
      /refused 1 of 2 recipients \(reject@example\.com: 550 5\.1\.1 Mailbox unavailable\)/,
    );
    expect(server.received.map((r) => r.rcptTo)).toEqual([['ops@example.com']]);
    const busy = await failure(
      m.send({ to: ['ops@example.com', 'busy@example.com'], subject: 's', text: 't' }),
    );
    expect(busy).toMatchObject({ permanent: false, code: 450 });
  });

  it('treats a 4xx recipient answer as temporary', async () => {
    const server = await relay();
    const err = await failure(
      mailer(server.port).send({ to: ['busy@example.com'], subject: 's', text: 't' }),
    );
    expect(err).toMatchObject({ permanent: false, code: 450 });
  });

  it('treats a refused connection as temporary', async () => {
    const port = await closedPort();
    const err = await failure(mailer(port).send({ to: ['ops@example.com'], subject: 's', text: 't' }));
    expect(err.permanent).toBe(false);
    expect(err.message).toMatch(/^Could not send e-mail through 127\.0\.0\.1:\d+ \(ESOCKET ECONNREFUSED\): /);
  });

  it('treats a relay that never greets as temporary, after the connection timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          silent.close(() => resolve());
        }),
    );
    const started = Date.now();
    const { port } = silent.address() as AddressInfo;
    const err = await failure(
      mailer(port, { connectionTimeoutMs: 300 }).send({ to: ['ops@example.com'], subject: 's', text: 't' }),
    );
    expect(err).toMatchObject({ permanent: false, code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('never sends credentials to a relay that cannot encrypt', async () => {
    const server = await relay({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const err = await failure(mailer(server.port).send({ to: ['ops@example.com'], subject: 's', text: 't' }));
    expect(err).toMatchObject({ permanent: true, code: 500 });
    expect(err.message).toContain('(ETLS): Error upgrading connection with STARTTLS');
    expect(server.logins).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it('checks the relay certificate unless told otherwise', async () => {
    const server = await relay();
    const err = await failure(
      mailer(server.port, { tls: {} }).send({ to: ['ops@example.com'], subject: 's', text: 't' }),
    );
    expect(err.permanent).toBe(true);
    expect(err.message).toMatch(/\((ESOCKET|ETLS) [A-Z_]+\): .*certificate/);
    expect(server.logins).toEqual([]);
  });

  it('sends without logging in when no user is configured', async () => {
    const server = await relay({ authOptional: true, disabledCommands: ['STARTTLS'] });
    await mailer(server.port, { user: null, password: null }).send({
      to: ['ops@example.com'],
      subject: 'plain',
      text: 't',
    });
    expect(server.logins).toEqual([]);
    expect(server.received).toMatchObject([{ rcptTo: ['ops@example.com'], user: undefined, secure: false }]);
  });

  it('speaks TLS from the first byte when secure is set', async () => {
    const server = await relay({ secure: true });
    await mailer(server.port, { secure: true }).send({ to: ['ops@example.com'], subject: 'tls', text: 't' });
    expect(server.received).toMatchObject([{ user: USER, secure: true }]);
  });
});
