import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/** The day the fake publishes for (a Friday). */
export const ECB_DAY = '2026-11-20';

/** The day's rates, units per 1 EUR, in the order the ECB lists them. */
export const ECB_RATES: ReadonlyArray<readonly [string, string]> = [
  ['USD', '1.0843'],
  ['JPY', '163.45'],
  ['BGN', '1.9558'],
  ['CZK', '25.283'],
  ['DKK', '7.4587'],
  ['GBP', '0.85610'],
  ['HUF', '395.18'],
  ['PLN', '4.3195'],
  ['RON', '4.9755'],
  ['SEK', '11.4820'],
  ['CHF', '0.9387'],
  ['ISK', '149.90'],
  ['NOK', '11.6335'],
  ['TRY', '37.2141'],
  ['AUD', '1.6452'],
  ['BRL', '6.2743'],
  ['CAD', '1.4778'],
  ['CNY', '7.8412'],
  ['HKD', '8.4367'],
  ['IDR', '17208.15'],
  ['ILS', '3.9711'],
  ['INR', '91.6235'],
  ['KRW', '1512.37'],
  ['MXN', '21.8564'],
  ['MYR', '4.8502'],
  ['NZD', '1.8359'],
  ['PHP', '63.714'],
  ['SGD', '1.4521'],
  ['THB', '37.442'],
  ['ZAR', '19.6104'],
];

/** eurofxref-daily.xml as the ECB publishes it: an Envelope, the sender, one day of rates. */
export function ecbDocument(day = ECB_DAY, rates = ECB_RATES): string {
  const lines = rates.map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day}'>
${lines.join('\n')}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;
}

/**
 * What the fake answers next: the document (`ok`), a server error, a document without a day, one with a rate
 * that is no number, something that is no rates document at all, or nothing for longer than a client waits.
 */
export type EcbMode = 'ok' | 'error' | 'no-time' | 'bad-rate' | 'not-xml' | 'hang';

export interface LocalEcbServer extends LocalHttpServer {
  /** The rates document's URL. */
  url: string;
  /** Requests that reached it, in order. */
  requests: Array<{ path: string; accept: string | undefined }>;
  mode: EcbMode;
  /** The day and rates `ok` serves (tests move the day on). */
  day: string;
  rates: ReadonlyArray<readonly [string, string]>;
}

const PATH = '/stats/eurofxref/eurofxref-daily.xml';

/** A local stand-in for the ECB's daily reference rates file, with its error modes. */
export async function startEcbServer(): Promise<LocalEcbServer> {
  const requests: LocalEcbServer['requests'] = [];
  // The server object the tests change (mode, day, rates); set once the server listens.
  const holder: { current?: LocalEcbServer } = {};
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, accept: req.headers.accept });
    const state = holder.current;
    if (path !== PATH || !state) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not found</body></html>');
      return;
    }
    const xml = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(body);
    };
    switch (state.mode) {
      case 'ok':
        return xml(ecbDocument(state.day, state.rates));
      case 'error':
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html><body>Internal Server Error</body></html>');
      case 'no-time':
        return xml(ecbDocument(state.day).replace(/<Cube time='[^']*'>/, '<Cube>'));
      case 'bad-rate':
        return xml(ecbDocument(state.day).replace("rate='0.85610'", "rate='N/A'"));
      case 'not-xml':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Maintenance</body></html>');
      case 'hang':
        // Headers and the start of a body, then nothing: the client's time limit ends it.
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.write('<?xml version="1.0"?>');
        return;
    }
  };
  const server = await startHttpServer(handler);
  holder.current = {
    ...server,
    url: `${server.origin}${PATH}`,
    requests,
    mode: 'ok',
    day: ECB_DAY,
    rates: ECB_RATES,
  };
  return holder.current;
}
