import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';
import { fixture } from './fixtures.js';

export interface LocalRdapServer extends LocalHttpServer {
  /** Paths requested, in order. */
  requests: string[];
  /** Accept headers seen on domain queries. */
  accepts: string[];
}

const RDAP = 'application/rdap+json';

/**
 * A registry + registrar RDAP service and a bootstrap file, on 127.0.0.1. Fixture bodies name their own
 * links with {{ORIGIN}}, replaced by this server's origin.
 */
export async function startRdapServer(options: { deadOrigin: string }): Promise<LocalRdapServer> {
  const requests: string[] = [];
  const accepts: string[] = [];
  let busyCalls = 0;
  let origin = '';
  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': RDAP, ...headers });
    res.end(body.replaceAll('{{ORIGIN}}', origin));
  };
  const bootstrap = () =>
    JSON.stringify({
      description: 'RDAP bootstrap file for Domain Name System registrations',
      publication: '2025-10-01T18:00:01Z',
      services: [
        [['com'], [`${origin}/verisign/com/v1/`]],
        [['org'], [`${origin}/pir/rdap/`]],
        [['app', 'dev'], [`${origin}/google/rdap`]],
        [['io'], [`${options.deadOrigin}/rdap/`]],
      ],
      version: '1.0',
    });

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path.includes('/domain/')) accepts.push(req.headers.accept ?? '');
    switch (path) {
      case '/iana/dns.json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(bootstrap());
      case '/broken/dns.json':
        return send(res, 500, '{"errorCode":500,"title":"Internal Server Error"}');
      case '/verisign/com/v1/domain/example.com':
        return send(res, 200, fixture('rdap/verisign-example-com.json'));
      case '/registrar/rdap/domain/EXAMPLE.COM':
        return send(res, 200, fixture('rdap/registrar-example-com.json'));
      case '/pir/rdap/domain/example.org':
        return send(res, 200, fixture('rdap/pir-example-org.json'));
      case '/google/rdap/domain/xn--bcher-kva.app':
        return send(res, 200, fixture('rdap/google-idn-app.json'));
      case '/verisign/com/v1/domain/busy.com':
        busyCalls += 1;
        if (busyCalls === 1)
          return send(res, 429, '{"errorCode":429,"title":"Too Many Requests"}', { 'retry-after': '1' });
        return send(
          res,
          200,
          fixture('rdap/verisign-example-com.json').replace('"EXAMPLE.COM"', '"BUSY.COM"'),
        );
      case '/verisign/com/v1/domain/throttled.com':
        return send(res, 429, '{"errorCode":429,"title":"Too Many Requests"}', { 'retry-after': '3600' });
      case '/verisign/com/v1/domain/broken.com':
        return send(res, 503, '{"errorCode":503,"title":"Service Unavailable"}');
      case '/verisign/com/v1/domain/garbage.com':
        return send(res, 200, '<html>maintenance</html>');
      case '/verisign/com/v1/domain/slow.com':
        return void setTimeout(() => send(res, 200, '{}'), 3_000).unref();
      default:
        return send(res, 404, fixture('rdap/not-found.json'));
    }
  };
  const server = await startHttpServer(handler);
  origin = server.origin;
  return { ...server, requests, accepts };
}
