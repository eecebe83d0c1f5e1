import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../src/config.js';
import {
  ACCOUNT_SID,
  AUTH_TOKEN,
  FROM,
  startTwilioServer,
  type LocalTwilioServer,
} from '../integrations/sms-server.js';

/** Polls `check` until it answers a value (what a user or a provider would see), or fails after the timeout. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface LocalSmtpServer {
  port: number;
  mails: Mail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port keeping every message it is given, parsed. */
export async function startSmtp(): Promise<LocalSmtpServer> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? '');
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '' });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface DeliveryServers {
  smtp: LocalSmtpServer;
  twilio: LocalTwilioServer;
  /** The app's configuration pointing e-mail and SMS at them. */
  config: Pick<Config, 'smtp' | 'twilio'>;
  close(): Promise<void>;
}

/** The SMTP server and the local Twilio API alerts go out through, and the configuration that uses them. */
export async function startDeliveryServers(): Promise<DeliveryServers> {
  const smtp = await startSmtp();
  const twilio = await startTwilioServer();
  return {
    smtp,
    twilio,
    config: {
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: null,
        password: null,
        from: 'alerts@sitefleet.test',
      },
      twilio: {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        from: FROM,
        messagingServiceSid: null,
        apiUrl: twilio.origin,
      },
    },
    async close() {
      await smtp.close();
      await twilio.close();
    },
  };
}
