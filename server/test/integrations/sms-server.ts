import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

export const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const AUTH_TOKEN = 'tok+en/9f8e7d6c5b4a3210';
export const FROM = '+15005550006';
export const SERVICE_SID = 'MG0123456789abcdef0123456789abcdef';

/** One request the fake received, as it arrived. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The raw form body, to check its encoding. */
  raw: string;
  form: URLSearchParams;
}

/** An answer forced for the next request(s) in place of the documented behaviour. */
export interface ScriptedReply {
  status: number;
  body: string | object;
  headers?: Record<string, string>;
}

export interface LocalTwilioServer extends LocalHttpServer {
  requests: ReceivedRequest[];
  /** Messages the fake accepted, as the Message resources it answered with. */
  messages: Array<Record<string, unknown>>;
  /** Queues answers that replace the normal handling of the next authenticated requests, in order. */
  script(...replies: ScriptedReply[]): void;
  /** Drops scripted answers no request used (after a failed test), returning how many there were. */
  unscript(): number;
}

const MAX_BODY = 1600;
const E164 = /^\+[1-9]\d{6,14}$/;

/** RFC 2822, as the 2010 API writes dates: "Mon, 02 Jun 2025 10:00:00 +0000". */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** The 2010 API's error envelope. */
const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

function send(
  res: ServerResponse,
  status: number,
  body: string | object,
  headers: Record<string, string> = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    ...headers,
  });
  res.end(text);
}

/** GSM-7 fits 160 characters in one segment and 153 per part after that; anything else 70 and 67. */
function segments(body: string): number {
  const gsm = /^[\n\r -_a-z£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà{}[\]~|^\\€]*$/.test(body);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / part);
}

function messageResource(form: URLSearchParams): Record<string, unknown> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const now = rfc2822(new Date());
  const service = form.get('MessagingServiceSid');
  const body = form.get('Body') ?? '';
  const uri = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`;
  return {
    sid,
    account_sid: ACCOUNT_SID,
    to: form.get('To'),
    from: service ? null : form.get('From'),
    messaging_service_sid: service,
    body,
    status: service ? 'accepted' : 'queued',
    num_segments: String(segments(body)),
    num_media: '0',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    price: null,
    price_unit: 'USD',
    error_code: null,
    error_message: null,
    date_created: now,
    date_updated: now,
    date_sent: null,
    uri,
    subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
  };
}

/** The documented checks of POST .../Messages.json, in the order Twilio applies them (INTEGRATIONS §7). */
function createMessage(req: ReceivedRequest, res: ServerResponse, messages: Array<Record<string, unknown>>) {
  const { form } = req;
  const to = form.get('To');
  if (!to || !E164.test(to))
    return send(
      res,
      400,
      twilioError(400, 21211, `The 'To' number ${to ?? ''} is not a valid phone number.`),
    );
  if (!form.get('From') && !form.get('MessagingServiceSid'))
    return send(res, 400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required"));
  const from = form.get('From');
  if (from && from !== FROM)
    return send(
      res,
      400,
      twilioError(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number`,
      ),
    );
  const service = form.get('MessagingServiceSid');
  if (service && service !== SERVICE_SID)
    return send(res, 404, twilioError(404, 20404, `The requested resource ${req.path} was not found`));
  const body = form.get('Body');
  if (!body) return send(res, 400, twilioError(400, 21602, 'Message body is required.'));
  if (body.length > MAX_BODY)
    return send(
      res,
      400,
      twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.'),
    );
  const message = messageResource(form);
  messages.push(message);
  send(res, 201, message);
}

function handle(
  req: ReceivedRequest,
  res: ServerResponse,
  messages: Array<Record<string, unknown>>,
  nextScripted: () => ScriptedReply | undefined,
) {
  const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
  const route = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.path);
  if (req.headers.authorization !== expected)
    return send(res, 401, twilioError(401, 20003, 'Authenticate'), {
      'www-authenticate': 'Basic realm="Twilio API"',
    });
  if (!route || req.method !== 'POST' || route[1] !== ACCOUNT_SID)
    return send(res, 404, twilioError(404, 20404, `The requested resource ${req.path} was not found`));
  const scripted = nextScripted();
  if (scripted) return send(res, scripted.status, scripted.body, scripted.headers);
  createMessage(req, res, messages);
}

/** A fake of Twilio's 2010-04-01 Messages endpoint on a loopback address, recording every request. */
export async function startTwilioServer(host = '127.0.0.1'): Promise<LocalTwilioServer> {
  const requests: ReceivedRequest[] = [];
  const messages: Array<Record<string, unknown>> = [];
  const queue: ScriptedReply[] = [];
  const server = await startHttpServer((req, res) => {
    void (async () => {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const url = new URL(req.url ?? '/', 'http://local');
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        raw,
        // Twilio reads only form bodies; anything else arrives as no parameters at all.
        form: new URLSearchParams(
          /^application\/x-www-form-urlencoded\b/.test(req.headers['content-type'] ?? '') ? raw : '',
        ),
      };
      requests.push(received);
      handle(received, res, messages, () => queue.shift());
    })();
  }, host);
  return {
    ...server,
    requests,
    messages,
    script: (...replies) => void queue.push(...replies),
    unscript: () => queue.splice(0).length,
  };
}
