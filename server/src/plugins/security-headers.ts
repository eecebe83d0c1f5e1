import type { FastifyInstance } from 'fastify';

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The console's content security policy: its own origin, plus Google's sign-in script, styles and frames
 * (helmet's defaults with those additions, in the order helmet wrote them), and forms posted to the
 * WordPress sites one-click login opens.
 */
const CSP_DIRECTIVES: Array<[string, string[]]> = [
  ['default-src', ["'self'"]],
  ['base-uri', ["'self'"]],
  ['font-src', ["'self'", 'https:', 'data:']],
  // The one-click WordPress login POSTs its one-time token from a form to the site's wp-login.php, on the
  // site's own origin (docs/wordpress.md); no script runs that is not the console's own.
  ['form-action', ["'self'", 'https:', 'http:']],
  ['frame-ancestors', ["'none'"]],
  ['img-src', ["'self'", 'data:', 'https:']],
  ['object-src', ["'none'"]],
  ['script-src', ["'self'", `${GOOGLE_SIGN_IN}client`]],
  ['script-src-attr', ["'none'"]],
  ['style-src', ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`]],
  ['connect-src', ["'self'", GOOGLE_SIGN_IN]],
  ['frame-src', [GOOGLE_SIGN_IN]],
];

/** helmet's defaults for the other headers. */
const OTHER_HEADERS: Array<[string, string]> = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** The security headers of a document (the console's HTML), computed once. */
export function documentHeaders(): Array<[string, string]> {
  const csp = CSP_DIRECTIVES.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
  return [['content-security-policy', csp], ...OTHER_HEADERS];
}

/**
 * The headers of every other response (JSON, scripts, styles, fonts, images): what a browser applies to a
 * subresource or to a response opened on its own. A JSON answer opened in a tab renders nothing active
 * (`default-src 'none'`) and cannot be framed; the document-only policies (the console's sources, framing
 * of pages, cross-origin isolation) would add about 0.7 kB to each of the 90 responses of a cold list view.
 */
const RESOURCE_HEADERS: Array<[string, string]> = [
  ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
];

const isDocument = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Sets the security headers on every response, errors and refusals included, from sets computed at
 * start-up (helmet rebuilt its middleware and the policy on every request): the full set on HTML documents,
 * the subresource set on everything else. A header a route sets itself (an upload's sandboxing policy) is
 * kept.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const document = documentHeaders();
  app.addHook('onSend', (_request, reply, payload, done) => {
    const headers = isDocument(reply.getHeader('content-type')) ? document : RESOURCE_HEADERS;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
