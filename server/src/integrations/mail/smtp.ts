import nodemailer, { type NodemailerError, type SMTPSentMessageInfo } from 'nodemailer';
import { DeliveryError } from '../delivery.js';
import type { Mailer, MailMessage } from './types.js';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS, required whenever credentials are sent. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The From header and envelope sender, e.g. "Sitefleet <alerts@example.com>". */
  from: string;
  /** Tests: accept a local server's self-signed certificate. */
  tls?: { rejectUnauthorized?: boolean };
  /** Connecting and waiting for the greeting, each (default 10 s). */
  connectionTimeoutMs?: number;
}

/** One plain address per entry: a comma or angle brackets would let one entry name more recipients. */
const ADDRESS = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\]+$/;
// Control characters are what the check is about: CR/LF in a header value starts a new header.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * Nodemailer codes that retrying the same message cannot fix: refused or missing credentials, a sender or
 * recipient list the client itself finds invalid, a message over the relay's size limit, a relay that
 * cannot give the encryption required. Connection, timeout, DNS and protocol failures are retried.
 */
const PERMANENT_CODES = new Set([
  'EAUTH',
  'ENOAUTH',
  'EENVELOPE',
  'EMESSAGE',
  'EMAXRECIPIENTS',
  'EREQUIRETLS',
  'ECONFIG',
]);

function isPermanentReply(code: number): boolean {
  // RFC 5321: 5yz is a permanent refusal, except 503 (bad sequence), which a fresh session can clear.
  return code >= 500 && code !== 503;
}

/** Delivery of alert e-mails through an SMTP relay, over a small pool of connections. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const timeout = options.connectionTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    host: options.host,
    port: options.port,
    secure: options.secure,
    // Credentials never cross an unencrypted connection: STARTTLS is mandatory once they are set.
    requireTLS: !options.secure && Boolean(options.user),
    tls: { minVersion: 'TLSv1.2', rejectUnauthorized: options.tls?.rejectUnauthorized ?? true },
    auth: options.user ? { user: options.user, pass: options.password ?? '' } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: 60_000,
    // Alert texts are data, never instructions to read files or fetch URLs into the message.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  });

  const relay = `${options.host}:${options.port}`;
  // AUTH PLAIN sends base64("\0user\0password"), AUTH LOGIN base64("password").
  const secrets = options.password
    ? [
        Buffer.from(`\u0000${options.user ?? ''}\u0000${options.password}`).toString('base64'),
        Buffer.from(options.password).toString('base64'),
        options.password,
      ]
    : [];
  /** Server replies can echo anything; every form the password travelled in is removed. */
  const quote = (text: string) => {
    let out = text.replace(/\s+/g, ' ').trim();
    for (const secret of secrets) out = out.replaceAll(secret, '***');
    return out.length > 300 ? `${out.slice(0, 300)}…` : out;
  };

  function translate(err: unknown): DeliveryError {
    if (err instanceof DeliveryError) return err;
    const e = (err ?? {}) as NodemailerError;
    const code = e.code ?? null;
    const reply = typeof e.responseCode === 'number' ? e.responseCode : null;
    const detail = quote(e.message ?? String(err));
    const certificate =
      /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)/.test(e.originalCode ?? '') ||
      (code === 'ETLS' && /certificate/i.test(detail));
    let permanent: boolean;
    if (reply !== null && reply >= 400) permanent = isPermanentReply(reply);
    // The relay will present the same certificate on the next attempt; a reset handshake is worth another.
    else if (certificate) permanent = true;
    else permanent = code !== null && PERMANENT_CODES.has(code);
    const label = [code ?? 'error', e.originalCode].filter(Boolean).join(' ');
    // The original error is not kept as the cause: its `command` field can hold the encoded credentials.
    return new DeliveryError(`Could not send e-mail through ${relay} (${label}): ${detail}`, {
      permanent,
      code: reply ?? code,
    });
  }

  function checkRecipients(to: string[]) {
    if (!to.length)
      throw new DeliveryError('An e-mail needs a recipient', { permanent: true, code: 'no_recipient' });
    for (const address of to)
      if (!ADDRESS.test(address))
        throw new DeliveryError(`"${quote(address.slice(0, 80))}" is not a single e-mail address`, {
          permanent: true,
          code: 'invalid_address',
        });
  }

  /** Some recipients already have the message; the relay's verdict on the others decides a retry. */
  function partlyRefused(info: SMTPSentMessageInfo, recipients: number): DeliveryError {
    const rejected = info.rejectedErrors ?? [];
    const reasons = rejected.map((r) => `${String(r.recipient)}: ${quote(r.response ?? r.message)}`);
    return new DeliveryError(
      `The relay ${relay} refused ${info.rejected.length} of ${recipients} recipients (${reasons.join('; ')})`,
      {
        permanent: rejected.length > 0 && rejected.every((r) => isPermanentReply(r.responseCode ?? 0)),
        code: rejected[0]?.responseCode ?? 'rejected',
      },
    );
  }

  return {
    async send(message: MailMessage) {
      checkRecipients(message.to);
      let info: SMTPSentMessageInfo;
      try {
        info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject.replace(CONTROL, ' ').trim(),
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (err) {
        throw translate(err);
      }
      if (info.rejected.length) throw partlyRefused(info, message.to.length);
      return { messageId: info.messageId };
    },
    close: async () => {
      transport.close();
    },
  };
}
