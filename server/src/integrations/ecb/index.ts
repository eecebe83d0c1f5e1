import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { isOutboundError } from '../http/errors.js';

/** Where the ECB publishes the day's euro foreign exchange reference rates. */
export const ECB_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

export type EcbErrorReason = 'http' | 'invalid' | 'timeout' | 'network';

/** Why the reference rates could not be read; the message is written to be shown to a user. */
export class EcbError extends Error {
  override readonly name = 'EcbError';
  constructor(
    readonly reason: EcbErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** One day's reference rates: units of each currency per 1 EUR (EUR itself is 1). */
export interface EcbRates {
  /** `YYYY-MM-DD`, the day the ECB published them for. */
  date: string;
  /** Epoch seconds of that day's midnight UTC. */
  day: number;
  rates: Record<string, number>;
}

const RATE = /^\d{1,9}(\.\d{1,10})?$/;
const CURRENCY = /^[A-Z]{3}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const MAX_BYTES = 1024 * 1024;

const invalid = (message: string) => new EcbError('invalid', `ECB reference rates: ${message}`);

function attributes(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) out.set(m[1]!, m[2] ?? m[3] ?? '');
  return out;
}

/** Epoch seconds of a `YYYY-MM-DD` day's midnight UTC; null when it is no calendar day. */
function dayOf(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / 1000 : null;
}

/**
 * Reads eurofxref-daily.xml strictly: a gesmes:Envelope holding one Cube with a `time` and, inside it, Cubes
 * of a three-letter currency and a positive decimal rate each. Anything else (no time, a second day, a rate
 * that is no number, a currency twice, no rate at all) is an EcbError('invalid').
 */
export function parseEcbRates(xml: string): EcbRates {
  const text = xml.replace(/^\uFEFF/, '').trim();
  if (!/^(<\?xml[^>]*\?>\s*)?<gesmes:Envelope\b/.test(text) || !/<\/gesmes:Envelope>$/.test(text))
    throw invalid('the document is not a gesmes:Envelope');
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  let date: string | null = null;
  const rates: Record<string, number> = { EUR: 1 };
  let count = 0;
  for (const tag of body.matchAll(/<Cube\b([^>]*?)\/?>/g)) {
    const attrs = attributes(tag[1] ?? '');
    if (attrs.has('time')) {
      if (date !== null) throw invalid('the document holds more than one day');
      const time = attrs.get('time')!;
      if (dayOf(time) === null) throw invalid(`"${time.slice(0, 40)}" is not a day (YYYY-MM-DD)`);
      date = time;
      continue;
    }
    if (!attrs.has('currency') && !attrs.has('rate')) continue;
    const currency = attrs.get('currency') ?? '';
    const rate = attrs.get('rate') ?? '';
    if (!CURRENCY.test(currency))
      throw invalid(`"${currency.slice(0, 40)}" is not a three-letter currency code`);
    if (date === null) throw invalid(`the rate of ${currency} comes before the day's time`);
    if (!RATE.test(rate) || !(Number(rate) > 0))
      throw invalid(`the rate of ${currency} is not a positive number: "${rate.slice(0, 40)}"`);
    if (currency in rates) throw invalid(`${currency} appears twice`);
    rates[currency] = Number(rate);
    count += 1;
  }
  if (date === null) throw invalid('the document has no Cube with a time');
  if (count === 0) throw invalid(`the document has no rate for ${date}`);
  return { date, day: dayOf(date)!, rates };
}

export interface EcbClientOptions {
  /** Default ECB_RATES_URL. */
  url?: string | null;
  /** The whole exchange (default 15 s). */
  timeoutMs?: number;
}

export interface EcbClient {
  readonly url: string;
  /** The latest day's reference rates. */
  latest(): Promise<EcbRates>;
}

/** The ECB's daily reference rates, read through the injected guarded client. */
export function createEcbClient(options: EcbClientOptions, safeFetch: SafeFetch): EcbClient {
  const url = options.url || ECB_RATES_URL;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    url,
    async latest() {
      let res: SafeResponse;
      try {
        res = await safeFetch(url, {
          timeoutMs,
          maxBytes: MAX_BYTES,
          accept: 'application/xml, text/xml;q=0.9, */*;q=0.1',
        });
      } catch (err) {
        if (isOutboundError(err))
          throw new EcbError(
            err.reason === 'timeout' ? 'timeout' : 'network',
            `ECB reference rates: ${err.message}`,
            { cause: err },
          );
        throw err;
      }
      if (res.status !== 200)
        throw new EcbError('http', `ECB reference rates: ${url} answered HTTP ${res.status}`);
      return parseEcbRates(res.text());
    },
  };
}
