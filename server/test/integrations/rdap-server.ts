import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';
import { fixture } from './fixtures.js';

export interface LocalRdapServer extends LocalHttpServer {
  /** Paths requested, in order. */
  requests: string[];
  /** Accept headers seen on domain and IP queries. */
  accepts: string[];
  /** How the lab registry answers for 127.0.0.1 from now on: its network (200) or an error status. */
  setLab(status: 200 | 404 | 429 | 503): void;
}

const RDAP = 'application/rdap+json';

/** A plain RFC 9083 ip network object, held by a registrant of that name. */
export function ipNetwork(start: string, end: string, name: string, country: string, org: string): string {
  return JSON.stringify({
    objectClassName: 'ip network',
    handle: `${start} - ${end}`,
    startAddress: start,
    endAddress: end,
    ipVersion: start.includes(':') ? 'v6' : 'v4',
    name,
    country,
    entities: [
      {
        objectClassName: 'entity',
        roles: ['registrant'],
        vcardArray: [
          'vcard',
          [
            ['version', {}, 'text', '4.0'],
            ['fn', {}, 'text', org],
          ],
        ],
      },
    ],
  });
}

/** The network the lab registry answers for 127.0.0.0/8: where the tests' linking pages are served from. */
export const LAB_NETWORK = { country: 'NL', org: 'Publisher Hosting B.V.' };

/**
 * A registry + registrar RDAP service, IP registries, and their bootstrap files, on 127.0.0.1. Fixture bodies name their own
 * links with {{ORIGIN}}, replaced by this server's origin.
 */
export async function startRdapServer(options: { deadOrigin: string }): Promise<LocalRdapServer> {
  const requests: string[] = [];
  const accepts: string[] = [];
  let busyCalls = 0;
  let lab: 200 | 404 | 429 | 503 = 200;
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
  // RFC 9224 §5: the IP registries list CIDR prefixes; the most specific one holding an address wins.
  const ipv4 = () =>
    JSON.stringify({
      description: 'RDAP bootstrap file for IPv4 address allocations',
      publication: '2025-10-01T18:00:01Z',
      services: [
        [['88.0.0.0/8', '185.0.0.0/8'], [`${origin}/ripe/`]],
        [['88.99.128.0/17'], [`${origin}/ripe-legacy/`]],
        [['104.0.0.0/8', '23.0.0.0/8'], [`${origin}/arin/registry`]],
        [['5.0.0.0/8'], [`${origin}/busy/`]],
        [['31.0.0.0/8'], [`${origin}/garbage/`]],
        [['37.0.0.0/8'], [`${origin}/confused/`]],
        [['45.0.0.0/8'], [`${options.deadOrigin}/rdap/`]],
        [['127.0.0.0/8'], [`${origin}/lab/rdap/`]],
      ],
      version: '1.0',
    });
  const ipv6 = () =>
    JSON.stringify({
      description: 'RDAP bootstrap file for IPv6 address allocations',
      publication: '2025-10-01T18:00:01Z',
      services: [[['2400::/12'], [`${origin}/apnic/`]]],
      version: '1.0',
    });

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path.includes('/domain/') || path.includes('/ip/')) accepts.push(req.headers.accept ?? '');
    switch (path) {
      case '/iana/dns.json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(bootstrap());
      case '/iana/ipv4.json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(ipv4());
      case '/iana/ipv6.json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(ipv6());
      case '/ripe/ip/88.99.14.203':
        return send(res, 200, fixture('rdap/ip-ripe-88-99.json'));
      case '/arin/registry/ip/104.21.48.19':
        return send(res, 200, fixture('rdap/ip-arin-104-16.json'));
      // A block the bootstrap gives one registry and another holds: the first refers the query on.
      case '/arin/registry/ip/23.227.38.65':
        res.writeHead(301, { location: `${origin}/ripe/ip/23.227.38.65` });
        return res.end();
      case '/ripe/ip/23.227.38.65':
        return send(
          res,
          200,
          ipNetwork('23.227.32.0', '23.227.63.255', 'SHOPS-NET', 'CA', 'Example Shops Inc.'),
        );
      case '/apnic/ip/2400:cb00:2049:1::a29f:1804':
        return send(res, 200, fixture('rdap/ip-apnic-v6.json'));
      case '/busy/ip/5.9.1.1':
        return send(res, 429, '{"errorCode":429,"title":"Too Many Requests"}', { 'retry-after': '3600' });
      case '/garbage/ip/31.3.96.12':
        return send(res, 200, '<html>maintenance</html>');
      case '/confused/ip/37.187.92.18':
        return send(res, 200, fixture('rdap/ip-ripe-88-99.json'));
      case '/lab/rdap/ip/127.0.0.1':
        if (lab === 429)
          return send(res, 429, '{"errorCode":429,"title":"Too Many Requests"}', { 'retry-after': '600' });
        if (lab !== 200) return send(res, lab, `{"errorCode":${lab}}`);
        return send(
          res,
          200,
          ipNetwork('127.0.0.0', '127.255.255.255', 'LAB-NET', LAB_NETWORK.country, LAB_NETWORK.org),
        );
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
  return {
    ...server,
    requests,
    accepts,
    setLab: (status) => {
      lab = status;
    },
  };
}
