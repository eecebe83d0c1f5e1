import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHttpServer } from '../../server/test/integrations/local-servers';
import { startLaunchServers } from '../../server/test/integrations/launch-servers';
import type { FailMode } from '../../server/test/integrations/namecheap-server';

/**
 * The launch wizard's outside world for the browser tests: the local Namecheap and Cloudflare APIs (the server
 * tests' ones), and a site answering the final check on LAUNCH_CHECK_PORT. Specs run in another process, so a
 * small control server lets them script the registrar (lose the next purchase answer) and read what it did;
 * its address reaches them as `launchControl`.
 */
export async function startLocalLaunch() {
  const launch = await startLaunchServers();
  const { namecheap, cloudflare } = launch;
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
    env: { ...launch.env, LAUNCH_CHECK_PORT: String(site.port) },
    close: async () => {
      control.closeAllConnections();
      await Promise.all([
        launch.close(),
        site.close(),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]);
    },
  };
}
