/**
 * The benchmark's monitored "network": one keep-alive HTTP server on 127.0.0.1 answering every path with
 * a small page, in its own process so its CPU is not counted against the checker. Prints its port.
 */
import http from 'node:http';

const body = Buffer.from('<!doctype html><title>ok</title><p>Site is up.</p>\n');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 120_000;
server.headersTimeout = 125_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
