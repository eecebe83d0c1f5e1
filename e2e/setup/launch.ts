import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CLOUDFLARE_ACCOUNT_ID,
  CLOUDFLARE_TOKEN,
  startCloudflareServer,
} from '../../server/test/integrations/cloudflare-server';
import { startHttpServer } from '../../server/test/integrations/local-servers';
import {
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_KEY,
  NAMECHEAP_USER,
  startNamecheapServer,
  TEST_CONTACT,
  type FailMode,
} from '../../server/test/integrations/namecheap-server';

/**
 * The launch wizard's outside world for the browser tests: the local Namecheap and Cloudflare APIs (the server
 * tests' ones), and a site answering the final check on LAUNCH_CHECK_PORT. Specs run in another process, so a
 * small control server lets them script the registrar (lose the next purchase answer) and read what it did;
 * its address reaches them as `launchControl`.
 */
export async function startLocalLaunch() {
  // The demo launch bought through Namecheap is the account's, as in npm start's demo.
  const namecheap = await startNamecheapServer({ owned: ['vergleich-stromtarife.de'] });
  const cloudflare = await startCloudflareServer();
  const site = await startHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'nginx-rc' });
    res.end('<html><head><title>Just another WordPress site</title></head><body>Hello</body></html>');
  });
  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const command = url.searchParams.get('command') ?? 'create';
    if (req.method === 'POST' && url.pathname === '/fail-next') {
      namecheap.failNext(command, (url.searchParams.get('mode') ?? 'drop_after_commit') as FailMode);
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/state') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          creates: namecheap.requests
            .filter((r) => r.command === 'namecheap.domains.create')
            .map((r) => r.params.DomainName ?? ''),
          owned: namecheap.ownedDomains(),
          zones: cloudflare.zones().map((z) => ({
            name: z.name,
            records: cloudflare.records(z.id).map((r) => `${r.type} ${r.name} ${r.content}`),
          })),
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return {
    controlUrl,
    env: {
      NAMECHEAP_API_USER: NAMECHEAP_USER,
      NAMECHEAP_API_KEY: NAMECHEAP_KEY,
      NAMECHEAP_USERNAME: NAMECHEAP_USER,
      NAMECHEAP_CLIENT_IP,
      NAMECHEAP_API_URL: namecheap.baseUrl,
      NAMECHEAP_CONTACT: JSON.stringify(TEST_CONTACT),
      CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
      CLOUDFLARE_ACCOUNT_ID,
      CLOUDFLARE_API_URL: cloudflare.baseUrl,
      LAUNCH_CHECK_PORT: String(site.port),
    },
    close: async () => {
      control.closeAllConnections();
      await Promise.all([
        namecheap.close(),
        cloudflare.close(),
        site.close(),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]);
    },
  };
}
