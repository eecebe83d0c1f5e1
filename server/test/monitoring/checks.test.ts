import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_TYPES, createCheckContext, runCheck } from '../../src/monitoring/checks/registry.js';
import type { CheckContext, CheckTarget } from '../../src/monitoring/checks/types.js';
import { startHttpServer, type LocalHttpServer } from '../integrations/local-servers.js';

const CAP = 64 * 1024;
const PAGE = '<html><body><h1>Welcome to Sitefleet</h1></body></html>';
// The keyword sits past the cap: a keyword check reads the first CAP bytes only.
const LONG_PAGE = `<p>Early word</p>${'x'.repeat(CAP * 2)}<p>Hidden word</p>`;

let site: LocalHttpServer;
let closedPort: number;
let ctx: ReturnType<typeof createCheckContext>;
let guarded: ReturnType<typeof createCheckContext>;
let scratch: string;

const hasPing = spawnSync('ping', ['-V']).error === undefined;

const http = (pathname: string, timeoutMs = 5_000): CheckTarget => ({
  type: 'http',
  url: `${site.origin}${pathname}`,
  value: null,
  timeoutMs,
});
const keyword = (pathname: string, value: string | null): CheckTarget => ({
  ...http(pathname),
  type: 'keyword',
  value,
});
const ping = (host: string, timeoutMs = 2_000): CheckTarget => ({
  type: 'ping',
  url: host,
  value: null,
  timeoutMs,
});

/** A stand-in ping program that records its arguments, prints `output` and exits with `code`. */
function fakePing(name: string, output: string, code: number, sleepS = 0) {
  const file = path.join(scratch, name);
  const marker = `${file}.called`;
  writeFileSync(
    file,
    `#!/bin/sh\nprintf '%s\\n' "$@" > '${marker}'\n${sleepS ? `exec sleep ${sleepS}\n` : ''}echo '${output}'\nexit ${code}\n`,
  );
  chmodSync(file, 0o755);
  return {
    path: file,
    called: () => existsSync(marker),
    args: () => readFileSync(marker, 'utf8').trim().split('\n'),
  };
}

const withPing = (base: CheckContext, pingPath: string): CheckContext => ({ ...base, pingPath });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'sfmon-checks-'));
  site = await startHttpServer((req, res) => {
    switch (req.url) {
      case '/ok':
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(PAGE);
      case '/down':
        return res.writeHead(503).end('Service Unavailable: Welcome to Sitefleet');
      case '/slow':
        setTimeout(() => res.end(PAGE), 3_000).unref();
        return;
      case '/redirect':
        return res.writeHead(301, { location: '/ok' }).end();
      case '/loop':
        return res.writeHead(302, { location: '/loop' }).end();
      case '/no-location':
        return res.writeHead(302).end();
      case '/long':
        res.setHeader('content-length', Buffer.byteLength(LONG_PAGE));
        return res.end(LONG_PAGE);
      case '/long-gzip':
        res.setHeader('content-encoding', 'gzip');
        return res.end(gzipSync(LONG_PAGE));
      default:
        return res.writeHead(404).end('missing');
    }
  });
  const gone = await startHttpServer(() => undefined);
  closedPort = gone.port;
  await gone.close();
  ctx = createCheckContext({ allowPrivate: true, allowHosts: [], pingPath: 'ping', maxBodyBytes: CAP });
  guarded = createCheckContext({ allowPrivate: false, allowHosts: [], pingPath: 'ping', maxBodyBytes: CAP });
});

afterAll(async () => {
  await ctx.close();
  await guarded.close();
  await site.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('http check', () => {
  it('is up on 200 with the status as message', async () => {
    const result = await runCheck(http('/ok'), ctx);
    expect(result).toMatchObject({ up: true, message: 'HTTP 200', statusCode: 200 });
    expect(result.responseMs).toBeGreaterThan(0);
  });

  it('is down on 503', async () => {
    expect(await runCheck(http('/down'), ctx)).toMatchObject({
      up: false,
      message: 'HTTP 503',
      statusCode: 503,
    });
  });

  it('is down on a closed port with a short message', async () => {
    const result = await runCheck({ ...http('/'), url: `http://127.0.0.1:${closedPort}/` }, ctx);
    expect(result).toMatchObject({ up: false, message: 'Connection refused' });
  });

  it('gives up on a slow page at the timeout', async () => {
    const started = performance.now();
    const result = await runCheck(http('/slow', 500), ctx);
    expect(performance.now() - started).toBeLessThan(500 + 1_000);
    expect(result).toMatchObject({ up: false, message: 'No answer within 0.5 s' });
  });

  it('follows a redirect to the final status', async () => {
    expect(await runCheck(http('/redirect'), ctx)).toMatchObject({ up: true, message: 'HTTP 200' });
  });

  it('counts a redirect it cannot follow as up', async () => {
    expect(await runCheck(http('/no-location'), ctx)).toMatchObject({ up: true, message: 'HTTP 302' });
  });

  it('is down on a redirect loop', async () => {
    expect(await runCheck(http('/loop'), ctx)).toMatchObject({ up: false, message: 'Too many redirects' });
  });

  it('does not read the body of a page larger than the cap', async () => {
    const res = await ctx.fetch(`${site.origin}/long`, { discardBody: true });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });
});

describe('keyword check', () => {
  it('is up when the keyword is on the page', async () => {
    expect(await runCheck(keyword('/ok', 'Sitefleet'), ctx)).toMatchObject({
      up: true,
      message: 'Keyword "Sitefleet" found',
      statusCode: 200,
    });
  });

  it('matches without regard to case', async () => {
    expect(await runCheck(keyword('/ok', 'WELCOME TO sitefleet'), ctx)).toMatchObject({ up: true });
  });

  it('is down when the keyword is missing', async () => {
    expect(await runCheck(keyword('/ok', 'checkout'), ctx)).toMatchObject({
      up: false,
      message: 'Keyword "checkout" not found',
    });
  });

  it('is down on an error status even when the keyword is there', async () => {
    expect(await runCheck(keyword('/down', 'Sitefleet'), ctx)).toMatchObject({
      up: false,
      message: 'HTTP 503',
    });
  });

  it('reads a page larger than the cap up to the cap instead of failing', async () => {
    expect(await runCheck(keyword('/long', 'early word'), ctx)).toMatchObject({ up: true });
    expect(await runCheck(keyword('/long', 'hidden word'), ctx)).toMatchObject({
      up: false,
      message: 'Keyword "hidden word" not found',
    });
    expect(await runCheck(keyword('/long-gzip', 'early word'), ctx)).toMatchObject({ up: true });
    expect(await runCheck(keyword('/long-gzip', 'hidden word'), ctx)).toMatchObject({ up: false });
    const res = await ctx.fetch(`${site.origin}/long-gzip`, { truncateBody: true, maxBytes: CAP });
    expect(res.body.length).toBe(CAP);
  });

  it('follows redirects before looking for the keyword', async () => {
    expect(await runCheck(keyword('/redirect', 'welcome'), ctx)).toMatchObject({ up: true });
  });

  it('is down without a keyword', async () => {
    expect(await runCheck(keyword('/ok', ''), ctx)).toMatchObject({ up: false, message: 'No keyword set' });
    expect(await runCheck(keyword('/ok', null), ctx)).toMatchObject({ up: false, message: 'No keyword set' });
  });
});

describe('address guard', () => {
  it('refuses a loopback URL without connecting when private addresses are not allowed', async () => {
    const before = site.connections();
    const result = await runCheck(http('/ok'), guarded);
    expect(result.up).toBe(false);
    expect(result.message).toMatch(/^Refused to connect to 127\.0\.0\.1/);
    expect((await runCheck(keyword('/ok', 'welcome'), guarded)).message).toMatch(/^Refused to connect/);
    expect(site.connections()).toBe(before);
  });

  it('refuses to ping a loopback address or name without starting ping', async () => {
    const fake = fakePing('guard-ping', 'time=1 ms', 0);
    for (const target of ['127.0.0.1', 'localhost', `http://127.0.0.1:${site.port}/`, '::1', '[::1]']) {
      const result = await runCheck(ping(target), withPing(guarded, fake.path));
      expect(result.up, target).toBe(false);
      expect(result.message, target).toMatch(/^Refused to connect to/);
    }
    expect(fake.called()).toBe(false);
  });
});

describe('ping check, program handling', () => {
  it('passes only the vetted IP, after fixed options, and reads the round trip', async () => {
    const fake = fakePing('ok-ping', '64 bytes from 127.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms', 0);
    const result = await runCheck(
      ping(`http://127.0.0.1:${site.port}/path`, 2_500),
      withPing(ctx, fake.path),
    );
    expect(result).toMatchObject({ up: true, responseMs: 0.045 });
    expect(fake.args()).toEqual(['-n', '-c', '1', '-W', '3', '--', '127.0.0.1']);
    await runCheck(ping('[::1]', 200), withPing(ctx, fake.path));
    expect(fake.args()).toEqual(['-n', '-c', '1', '-W', '1', '-6', '--', '::1']);
  });

  it('never starts ping for a target that is not a plain host or address', async () => {
    const fake = fakePing('inject-ping', 'time=1 ms', 0);
    const hostile = [
      '-c 1000 127.0.0.1',
      '127.0.0.1; rm -rf /',
      '$(touch /tmp/sfmon-pwned)',
      '-f',
      '--help',
      '127.0.0.1 -f',
      'host name',
      '`id`',
      '',
    ];
    for (const target of hostile) {
      const result = await runCheck(ping(target), withPing(ctx, fake.path));
      expect(result, target).toMatchObject({ up: false, message: 'Not a valid host name or IP address' });
    }
    expect(fake.called()).toBe(false);
  });

  it('reports exit 1 as no reply and other failures briefly', async () => {
    const silent = fakePing('silent-ping', '1 packets transmitted, 0 received', 1);
    expect(await runCheck(ping('127.0.0.1'), withPing(ctx, silent.path))).toMatchObject({
      up: false,
      message: 'No reply within 2 s',
    });
    const broken = fakePing('broken-ping', 'ping: connect: Network is unreachable', 2);
    expect(await runCheck(ping('127.0.0.1'), withPing(ctx, broken.path))).toMatchObject({
      up: false,
      message: 'Ping failed: ping: connect: Network is unreachable',
    });
    const missing = withPing(ctx, path.join(scratch, 'no-such-ping'));
    expect(await runCheck(ping('127.0.0.1'), missing)).toMatchObject({
      up: false,
      message: 'ping is not installed (iputils-ping)',
    });
  });

  it('kills a ping that hangs a second after the timeout', async () => {
    const hung = fakePing('hung-ping', '', 0, 30);
    const started = performance.now();
    const result = await runCheck(ping('127.0.0.1', 300), withPing(ctx, hung.path));
    expect(performance.now() - started).toBeLessThan(300 + 1_000 + 1_000);
    expect(result).toMatchObject({ up: false, message: 'No reply within 0.3 s' });
  });
});

describe('ping check, real ping', () => {
  it('is up against 127.0.0.1', async (t) => {
    if (!hasPing) t.skip('skipped: ping is not installed (apt-get install iputils-ping)');
    const result = await runCheck(ping('127.0.0.1'), ctx);
    expect(result).toMatchObject({ up: true });
    expect(result.responseMs).toBeGreaterThan(0);
    expect(result.responseMs).toBeLessThan(1_000);
  });

  describe('against an address in a network namespace of its own', () => {
    const tag = randomBytes(3).toString('hex');
    const ns = `sfmon-${tag}`;
    const hostIf = `sfh${tag}`;
    const nsIf = `sfn${tag}`;
    const x = randomInt(0, 256);
    const y = randomInt(0, 64) * 4;
    const hostIp = `10.213.${x}.${y + 1}`;
    const nsIp = `10.213.${x}.${y + 2}`;
    let unavailable: string | null = null;
    const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe', timeout: 10_000 });

    beforeAll(() => {
      if (!hasPing) {
        unavailable = 'ping is not installed (apt-get install iputils-ping)';
        return;
      }
      try {
        ip('netns', 'add', ns);
        ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf);
        ip('link', 'set', nsIf, 'netns', ns);
        ip('addr', 'add', `${hostIp}/30`, 'dev', hostIf);
        ip('link', 'set', hostIf, 'up');
        ip('netns', 'exec', ns, 'ip', 'addr', 'add', `${nsIp}/30`, 'dev', nsIf);
        ip('netns', 'exec', ns, 'ip', 'link', 'set', nsIf, 'up');
      } catch (err) {
        const detail = (err as { stderr?: Buffer }).stderr?.toString().trim() || String(err);
        unavailable = `network namespaces are not allowed here (${detail})`;
      }
    });

    afterAll(() => {
      for (const args of [
        ['netns', 'del', ns],
        ['link', 'del', hostIf],
      ]) {
        try {
          ip(...args);
        } catch {
          // Already gone: deleting the namespace takes its end of the veth pair, and the pair with it.
        }
      }
    });

    it('is up while the far end is up, down once its link is down', async (t) => {
      if (unavailable) t.skip(`skipped: ${unavailable}`);
      expect(await runCheck(ping(nsIp), ctx)).toMatchObject({ up: true });
      ip('netns', 'exec', ns, 'ip', 'link', 'set', nsIf, 'down');
      const started = performance.now();
      const result = await runCheck(ping(nsIp, 1_000), ctx);
      expect(result).toMatchObject({ up: false, message: 'No reply within 1 s' });
      expect(performance.now() - started).toBeLessThan(1_000 + 1_500);
    });
  });
});

describe('runCheck', () => {
  it('turns a module that throws into a down result', async () => {
    const spy = vi.spyOn(CHECK_TYPES.http, 'run');
    spy.mockRejectedValueOnce(new Error('boom'));
    expect(await runCheck(http('/ok'), ctx)).toMatchObject({ up: false, message: 'Check failed: boom' });
    spy.mockImplementationOnce(() => {
      throw new Error('sync boom');
    });
    expect(await runCheck(http('/ok'), ctx)).toMatchObject({ up: false, message: 'Check failed: sync boom' });
    spy.mockRestore();
    const unknown = { ...http('/ok'), type: 'dns' } as unknown as CheckTarget;
    expect(await runCheck(unknown, ctx)).toMatchObject({
      up: false,
      message: 'Check failed: Unknown monitor type "dns"',
    });
  });
});
