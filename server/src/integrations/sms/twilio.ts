import { DeliveryError } from '../delivery.js';
import { OutboundError } from '../http/errors.js';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { E164 } from './e164.js';
import type { SmsMessage, SmsSender } from './types.js';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The sender number (or alphanumeric ID); used only when no Messaging Service is configured. */
  from: string | null;
  messagingServiceSid: string | null;
  /** Default https://api.twilio.com; tests point it at a local fake. */
  apiUrl: string;
  timeoutMs?: number;
}

/** Twilio refuses longer bodies with 21617 instead of truncating them. */
export const TWILIO_MAX_BODY = 1600;

/**
 * Codes that fail the same way however often the message is retried (INTEGRATIONS §7): bad credentials,
 * unknown account, invalid or unreachable recipient, unusable sender, recipient opted out, body too long.
 */
const PERMANENT_CODES = new Set([20003, 20404, 21211, 21408, 21606, 21608, 21610, 21612, 21614, 21617]);
const PERMANENT_STATUSES = new Set([401, 403, 404]);

interface TwilioError {
  code: number | null;
  message: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cuts at a code-unit boundary that never splits a surrogate pair. The mark is three dots rather than "…",
 * which is not in the GSM-7 alphabet and would turn the whole text into UCS-2, doubling the segments.
 */
export function truncateBody(body: string): string {
  if (body.length <= TWILIO_MAX_BODY) return body;
  let end = TWILIO_MAX_BODY - 3;
  const last = body.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${body.slice(0, end)}...`;
}

function retryAfterMs(header: string | undefined): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Twilio's SMS sender over the 2010-04-01 Messages endpoint (INTEGRATIONS §7). */
export function createTwilioSms(options: TwilioSmsOptions, fetch: SafeFetch): SmsSender {
  if (!options.from && !options.messagingServiceSid)
    throw new Error('Twilio needs a sender: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(
    options.accountSid,
  )}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const secrets = [options.authToken, encodeURIComponent(options.authToken), authorization.slice(6)];

  /** A provider's or the network's text on one line, every form of the token removed, then bounded. */
  const quote = (text: string, max = 300) => {
    let out = text.replace(/\s+/g, ' ').trim();
    for (const secret of secrets) if (secret) out = out.replaceAll(secret, '***');
    return out.length > max ? `${out.slice(0, max)}…` : out;
  };

  function readError(res: SafeResponse): TwilioError {
    let body: unknown;
    try {
      body = res.json<unknown>();
    } catch {
      body = undefined;
    }
    if (!isRecord(body)) {
      const text = res.text().trim();
      return { code: null, message: text ? `not a Twilio error body: "${quote(text, 120)}"` : null };
    }
    const code = typeof body.code === 'number' ? body.code : Number(body.code);
    return {
      code: Number.isInteger(code) && code > 0 ? code : null,
      message: typeof body.message === 'string' ? quote(body.message) : null,
    };
  }

  function failure(res: SafeResponse): DeliveryError {
    const { code, message } = readError(res);
    const label = `HTTP ${res.status}${code ? `, error ${code}` : ''}`;
    const said = message ? `: ${message}` : '';
    if (res.status === 429 || code === 20429 || res.status >= 500)
      return new DeliveryError(`Twilio could not take the message now (${label})${said}`, {
        permanent: false,
        retryAfterMs: retryAfterMs(res.headers['retry-after']),
        code: code ?? res.status,
      });
    if (res.status < 400)
      // A 2xx may have created the message and a 3xx means TWILIO_API_URL is wrong: neither is retried.
      return new DeliveryError(`Twilio answered HTTP ${res.status} instead of 201 Created`, {
        permanent: true,
        code: res.status,
      });
    const permanent = PERMANENT_STATUSES.has(res.status) || (code !== null && PERMANENT_CODES.has(code));
    // Other 4xx codes include queue-full conditions (21611) that clear by themselves, so they are retried.
    return new DeliveryError(`Twilio refused the message (${label})${said}`, {
      permanent,
      code: code ?? res.status,
    });
  }

  function success(res: SafeResponse): { id: string; status: string } {
    let body: unknown;
    try {
      body = res.json<unknown>();
    } catch {
      body = undefined;
    }
    if (isRecord(body) && typeof body.sid === 'string' && body.sid)
      return { id: body.sid, status: typeof body.status === 'string' ? body.status : 'queued' };
    // Twilio has created the message; retrying would send it twice.
    throw new DeliveryError('Twilio accepted the message (HTTP 201) but its answer has no message sid', {
      permanent: true,
      code: 'bad_response',
    });
  }

  async function post(form: URLSearchParams): Promise<SafeResponse> {
    try {
      return await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        accept: 'application/json',
        // A redirect would make the POST a GET somewhere else; Twilio never sends one.
        maxRedirects: 0,
        maxBytes: 1024 * 1024,
        timeoutMs: options.timeoutMs ?? 15_000,
      });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      const reason = err instanceof OutboundError ? err.reason : 'network';
      // An address the outbound guard refuses, or a malformed URL, is configuration: retrying cannot help.
      const permanent = reason === 'blocked_address' || reason === 'bad_url';
      throw new DeliveryError(`Twilio request failed: ${quote(detail)}`, { permanent, code: reason });
    }
  }

  return {
    async send(message: SmsMessage) {
      if (!E164.test(message.to))
        throw new DeliveryError(`"${quote(message.to, 40)}" is not a phone number in E.164 form`, {
          permanent: true,
          code: 'invalid_number',
        });
      if (!message.body.trim())
        throw new DeliveryError('An SMS needs a body', { permanent: true, code: 'empty_body' });
      const form = new URLSearchParams({ To: message.to });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else form.set('From', options.from ?? '');
      form.set('Body', truncateBody(message.body));
      const res = await post(form);
      if (res.status !== 201) throw failure(res);
      return success(res);
    },
  };
}
