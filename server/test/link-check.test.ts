import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../src/integrations/http/safe-fetch.js';
import {
  checkLink,
  comparableUrl,
  compareChecks,
  LINK_CHECK_STATUSES,
  parseRobots,
  robotsAllows,
  STATUS_PRECEDENCE,
  type ExpectedLink,
  type LinkCheckResult,
} from '../src/integrations/link-check/index.js';
import { startHttpServer } from './integrations/local-servers.js';
import {
  ANCHOR,
  anchorTag,
  article,
  resolveTestHosts,
  startPublisherSite,
  TARGET,
  TARGET_HREF,
  type PublisherSite,
} from './link-check/site.js';
import { siteOf, surelyOtherSite } from '../src/integrations/link-check/urls.js';

let site: PublisherSite;
let client: SafeFetchClient;
const clients: SafeFetchClient[] = [];

function open(options: Parameters<typeof createSafeFetch>[0]): SafeFetchClient {
  const c = createSafeFetch(options);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  site = await startPublisherSite();
  client = open({ allowPrivate: true, lookup: resolveTestHosts });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await site.server.close();
});

const expected = (path: string, over: Partial<ExpectedLink> = {}): ExpectedLink => ({
  backlink: site.url(path),
  url: TARGET,
  anchor: ANCHOR,
  rel: 'follow',
  ...over,
});

const check = (path: string, over: Partial<ExpectedLink> = {}) => checkLink(client, expected(path, over));

describe('checkLink: the link on the page', () => {
  it('finds the link whatever the scheme, host case, www and trailing slash, and reports the evidence', async () => {
    const before = Math.floor(Date.now() / 1000);
    const r = await check('/ok');
    expect(r).toMatchObject({
      status: 'ok',
      issues: ['ok'],
      http_status: 200,
      final_url: site.url('/ok'),
      // The address the guarded client connected to for blog.test (resolveTestHosts: this machine).
      ip: '127.0.0.1',
      redirects: [],
      link_found: true,
      found_href: 'http://money.example/offers',
      found_anchor: 'best CASINO offers',
      found_rel: ['noopener'],
      nofollow_by: null,
      noindex: false,
      canonical: null,
      robots_allowed: true,
      has_captcha: false,
      retry_after: null,
    });
    expect(r.message).toContain(TARGET);
    expect(r.checked_at).toBeGreaterThanOrEqual(before);
    const body = (await client(site.url('/ok'))).body;
    expect(r.page_hash).toBe(createHash('sha256').update(body).digest('hex'));
    // Plain text around the link: no markup, no script text, collapsed whitespace, at most 300 characters.
    expect(r.snippet).toContain('selection see best CASINO offers and come back');
    expect(r.snippet).not.toMatch(/[<>]|never text|\s{2}/);
    expect(r.snippet!.length).toBeLessThanOrEqual(300);
  });

  it('link_not_found when no link points at the target or its site', async () => {
    const r = await check('/missing');
    expect(r).toMatchObject({ status: 'link_not_found', link_found: false, found_href: null, snippet: null });
  });

  it('wrong_target when the page links to another page of the target site', async () => {
    const r = await check('/wrong-target');
    expect(r).toMatchObject({
      status: 'wrong_target',
      link_found: false,
      found_href: 'https://www.money.example/blog/',
      found_anchor: ANCHOR,
    });
    expect(r.snippet).toContain(ANCHOR);
  });

  it('wrong_anchor when the text differs beyond case and spacing; any anchor passes when none is expected', async () => {
    expect(await check('/wrong-anchor')).toMatchObject({
      status: 'wrong_anchor',
      link_found: true,
      found_anchor: 'click here',
    });
    expect((await check('/wrong-anchor', { anchor: null })).status).toBe('ok');
  });

  it.each([
    ['/nofollow', ['nofollow']],
    ['/sponsored', ['sponsored', 'noopener']],
    ['/ugc', ['ugc']],
  ])('wrong_rel for %s when a followed link was bought', async (path, rel) => {
    const r = await check(path);
    expect(r).toMatchObject({ status: 'wrong_rel', link_found: true, found_rel: rel, nofollow_by: null });
  });

  it('accepts the rel that was bought and flags a followed link bought as nofollow', async () => {
    expect((await check('/sponsored', { rel: 'sponsored' })).status).toBe('ok');
    expect((await check('/nofollow', { rel: 'nofollow' })).status).toBe('ok');
    expect((await check('/ugc', { rel: 'ugc' })).status).toBe('ok');
    expect((await check('/ugc', { rel: 'sponsored' })).status).toBe('wrong_rel');
    expect((await check('/ok', { rel: 'nofollow' })).status).toBe('wrong_rel');
  });

  it('a page-wide nofollow by meta robots or X-Robots-Tag makes a followed link wrong_rel', async () => {
    const meta = await check('/meta-nofollow');
    expect(meta).toMatchObject({ status: 'wrong_rel', nofollow_by: 'meta', found_rel: [], noindex: false });
    expect(meta.message).toContain('meta robots');
    expect((await check('/meta-nofollow', { rel: 'nofollow' })).status).toBe('ok');
    expect(await check('/header-nofollow')).toMatchObject({ status: 'wrong_rel', nofollow_by: 'header' });
  });

  it('noindex from an X-Robots-Tag header scoped to a crawler', async () => {
    expect(await check('/header-noindex')).toMatchObject({
      status: 'noindex',
      noindex: true,
      link_found: true,
    });
  });

  it('not_canonical when the canonical names another address, ok when it names the page in another form', async () => {
    expect(await check('/canonical-elsewhere')).toMatchObject({
      status: 'not_canonical',
      canonical: site.url('/another-article'),
    });
    const self = await check('/canonical-self');
    expect(self.status).toBe('ok');
    expect(self.canonical).toBe(`https://www.blog.test:${site.server.port}/canonical-self/`);
  });

  it('lists every issue, most serious first', async () => {
    site.setChanging(
      article(
        anchorTag(`${TARGET_HREF} rel="nofollow"`, 'other words'),
        '<meta name="robots" content="noindex">',
      ),
    );
    const r = await check('/changing');
    expect(r.issues).toEqual(['wrong_rel', 'noindex', 'wrong_anchor']);
    expect(r.status).toBe('wrong_rel');
  });
});

describe('checkLink: robots.txt', () => {
  it('does not fetch a disallowed page', async () => {
    const r = await check('/private/secret');
    expect(r).toMatchObject({
      status: 'blocked_by_robots',
      robots_allowed: false,
      http_status: null,
      final_url: null,
      page_hash: null,
      link_found: false,
    });
    expect(r.message).toContain('/private/secret');
    expect(site.requested).toContain('blog.test /robots.txt');
    expect(site.requested).not.toContain('blog.test /private/secret');
  });

  it('lets a longer Allow win over a shorter Disallow', async () => {
    expect(await check('/private/open-page')).toMatchObject({ status: 'ok', robots_allowed: true });
  });

  it('checks every redirect hop against robots.txt', async () => {
    const r = await check('/to-private');
    expect(r).toMatchObject({ status: 'blocked_by_robots', redirects: [site.url('/to-private')] });
    expect(site.requested).not.toContain('blog.test /private/secret');
  });

  it("applies the group of the User-Agent's product token, sent with the requests", async () => {
    const agent = 'SitefleetBot/2.0 (+https://sitefleet.example/bot)';
    const url = site.url('/ok', 'strict.test');
    const named = await checkLink(client, { ...expected('/ok'), backlink: url }, { userAgent: agent });
    expect(named.status).toBe('blocked_by_robots');
    expect(site.agents).toContain(agent);
    // Without a User-Agent the token is "sitefleet", which only the "*" group (allow all) covers.
    expect((await checkLink(client, { ...expected('/ok'), backlink: url })).status).toBe('ok');
  });

  it('treats a missing robots.txt as allowing everything', async () => {
    expect(
      (await checkLink(client, { ...expected('/ok'), backlink: site.url('/ok', 'www.other.test') })).status,
    ).toBe('ok');
  });
});

describe('checkLink: answers and failures', () => {
  it('follows a 301 -> 302 -> 200 chain and records it', async () => {
    expect(await check('/r1')).toMatchObject({
      status: 'ok',
      http_status: 200,
      final_url: site.url('/ok'),
      redirects: [site.url('/r1'), site.url('/r2')],
    });
  });

  it('unverifiable after too many redirects', async () => {
    const r = await check('/loop');
    expect(r).toMatchObject({ status: 'unverifiable', http_status: null });
    expect(r.redirects).toHaveLength(6);
    expect(r.message).toContain('Stopped after 5 redirects');
  });

  it.each([
    ['/gone-404', 404],
    ['/gone-410', 410],
  ])('page_gone for %s', async (path, status) => {
    expect(await check(path)).toMatchObject({ status: 'page_gone', http_status: status, has_captcha: false });
  });

  it('unverifiable for a 500 (it may be temporary)', async () => {
    const r = await check('/error-500');
    expect(r).toMatchObject({ status: 'unverifiable', http_status: 500, has_captcha: false });
    expect(r.message).toContain('temporary');
  });

  it('unverifiable with has_captcha for a Cloudflare challenge (403 + body, or the cf-mitigated header)', async () => {
    expect(await check('/cf-challenge')).toMatchObject({
      status: 'unverifiable',
      http_status: 403,
      has_captcha: true,
      link_found: false,
    });
    expect(await check('/cf-mitigated')).toMatchObject({ status: 'unverifiable', has_captcha: true });
  });

  it('unverifiable with has_captcha for a reCAPTCHA gate answered 200, never link_not_found', async () => {
    const r = await check('/recaptcha');
    expect(r).toMatchObject({ status: 'unverifiable', http_status: 200, has_captcha: true });
    expect(r.issues).not.toContain('link_not_found');
  });

  it('an article that only carries a captcha in its comment form is checked as usual', async () => {
    expect(await check('/article-with-captcha-form')).toMatchObject({ status: 'ok', has_captcha: false });
  });

  it('challenge markup counts on a page with little else only: a gate answered 200, not an article quoting it', async () => {
    expect(await check('/incapsula-gate')).toMatchObject({
      status: 'unverifiable',
      http_status: 200,
      has_captcha: true,
    });
    expect(await check('/article-quoting-a-challenge')).toMatchObject({ status: 'ok', has_captcha: false });
  });

  it('unverifiable for HTTP 429, keeping Retry-After', async () => {
    const r = await check('/rate-limited');
    expect(r).toMatchObject({
      status: 'unverifiable',
      http_status: 429,
      retry_after: 120,
      has_captcha: false,
    });
    expect(r.message).toContain('retry after 120 s');
  });

  it('unverifiable for what is not an HTML page, or when the link may be past the bytes read', async () => {
    expect((await check('/pdf')).status).toBe('unverifiable');
    const cut = await checkLink(client, expected('/long'), { maxBytes: 4_000 });
    expect(cut).toMatchObject({ status: 'unverifiable', link_found: false });
    expect(cut.message).toContain('first 4000 bytes');
    expect((await check('/long')).status).toBe('ok');
  });

  it('page_gone when the host name does not exist or nothing listens', async () => {
    const dns = await checkLink(client, { ...expected('/ok'), backlink: 'http://no-such-host.example/page' });
    expect(dns.status).toBe('page_gone');
    expect(dns.message).toContain('does not exist');
    const dead = await startHttpServer((_req, res) => res.end());
    await dead.close();
    const refused = await checkLink(client, { ...expected('/ok'), backlink: `${dead.origin}/page` });
    expect(refused.status).toBe('page_gone');
    expect(refused.message).toContain('refused');
  });

  it('unverifiable when the page does not answer in time', async () => {
    const r = await checkLink(client, expected('/slow'), { timeoutMs: 300 });
    expect(r).toMatchObject({ status: 'unverifiable', http_status: null });
    expect(r.message).toContain('did not answer');
  });

  it('the default client refuses a loopback address: unverifiable, never link_not_found', async () => {
    const guarded = open({ lookup: resolveTestHosts });
    const r = await checkLink(guarded, { ...expected('/ok'), backlink: `${site.server.origin}/ok` });
    expect(r.status).toBe('unverifiable');
    expect(r.issues).toEqual(['unverifiable']);
    expect(r.message).toMatch(/not allowed/);
    expect(r.link_found).toBe(false);
  });

  it('unverifiable for an address that cannot be fetched at all', async () => {
    expect((await checkLink(client, { ...expected('/ok'), backlink: 'ftp://blog.test/ok' })).status).toBe(
      'unverifiable',
    );
    expect((await checkLink(client, { ...expected('/ok'), url: 'not a url' })).status).toBe('unverifiable');
  });
});

describe('compareChecks on a page that changes', () => {
  it('warns once when the page changes, then not while it stays the same', async () => {
    site.setChanging(article(anchorTag(TARGET_HREF)));
    const first = await check('/changing');
    expect(first.status).toBe('ok');
    expect(compareChecks(null, first)).toBeNull();

    site.setChanging(article(anchorTag(TARGET_HREF, 'cheap spins')));
    const second = await check('/changing');
    expect(second.status).toBe('wrong_anchor');
    expect(second.page_hash).not.toBe(first.page_hash);
    const warning = compareChecks(first, second);
    expect(warning).toMatchObject({ important: true, expected: 'ok', found: 'wrong_anchor' });
    expect(warning!.data).toEqual([
      { field: 'status', expected: 'ok', found: 'wrong_anchor' },
      { field: 'found_anchor', expected: ANCHOR, found: 'cheap spins' },
    ]);
    expect(warning!.message).toContain('cheap spins');

    const third = await check('/changing');
    expect(third.page_hash).toBe(second.page_hash);
    expect(compareChecks(second, third)).toBeNull();
  });
});

describe('compareChecks rules', () => {
  const base = (over: Partial<LinkCheckResult>): LinkCheckResult => ({
    status: 'ok',
    message: 'Link found',
    issues: ['ok'],
    http_status: 200,
    final_url: 'https://blog.example/post',
    ip: '203.0.113.7',
    redirects: [],
    link_found: true,
    found_href: TARGET,
    found_anchor: ANCHOR,
    found_rel: [],
    nofollow_by: null,
    noindex: false,
    canonical: null,
    robots_allowed: true,
    has_captcha: false,
    retry_after: null,
    snippet: null,
    page_hash: 'a',
    checked_at: 1_700_000_000,
    ...over,
  });
  const ok = base({});
  const captcha = base({ status: 'unverifiable', has_captcha: true, link_found: false });
  const lost = base({ status: 'link_not_found', link_found: false, found_href: null, found_anchor: null });

  it('the first check is held against an ok link', () => {
    expect(compareChecks(null, ok)).toBeNull();
    expect(compareChecks(null, captcha)).toBeNull();
    expect(compareChecks(null, lost)).toMatchObject({
      important: true,
      expected: 'ok',
      found: 'link_not_found',
    });
  });

  it('unverifiable is never a loss, and does not hide one that follows it', () => {
    expect(compareChecks(ok, captcha)).toMatchObject({ important: false, found: 'unverifiable' });
    expect(compareChecks(captcha, captcha)).toBeNull();
    expect(compareChecks(captcha, lost)).toMatchObject({ important: true });
    expect(compareChecks(captcha, ok)).toMatchObject({ important: false, found: 'ok' });
  });

  it('a problem that turns into another, or recovers, is not important', () => {
    const anchor = base({ status: 'wrong_anchor', found_anchor: 'x' });
    expect(compareChecks(anchor, lost)).toMatchObject({ important: false, expected: 'wrong_anchor' });
    expect(compareChecks(lost, ok)).toMatchObject({
      important: false,
      expected: 'link_not_found',
      found: 'ok',
    });
    expect(compareChecks(lost, base({ ...lost, page_hash: 'b' }))).toBeNull();
  });

  it('an ok link whose href, anchor or rel changed gives a minor warning; a new page hash alone does not', () => {
    expect(compareChecks(ok, base({ page_hash: 'b', checked_at: 1_800_000_000 }))).toBeNull();
    const moved = compareChecks(ok, base({ found_rel: ['noopener'], page_hash: 'b' }));
    expect(moved).toMatchObject({ important: false, expected: '', found: 'noopener' });
    expect(moved!.data).toEqual([{ field: 'found_rel', expected: '', found: 'noopener' }]);
  });
});

describe('robots.txt matching (RFC 9309)', () => {
  const allows = (robots: string, path: string, token = 'sitefleet') =>
    robotsAllows(parseRobots(robots), token, new URL(path, 'https://site.example'));

  it('takes the longest match, Allow winning a tie', () => {
    const robots =
      'User-agent: *\nDisallow: /shop\nAllow: /shop/\nDisallow: /shop/cart\nAllow: /same\nDisallow: /same';
    expect(allows(robots, '/shop')).toBe(false);
    expect(allows(robots, '/shop/item')).toBe(true);
    expect(allows(robots, '/shop/cart/1')).toBe(false);
    expect(allows(robots, '/same')).toBe(true);
    expect(allows(robots, '/other')).toBe(true);
  });

  it('understands * and $, and matches the query too', () => {
    const robots = 'user-agent: *\ndisallow: /*.php$\ndisallow: /search*q=\ndisallow: /a$b';
    expect(allows(robots, '/index.php')).toBe(false);
    expect(allows(robots, '/index.php?x=1')).toBe(true);
    expect(allows(robots, '/search/results?q=x')).toBe(false);
    expect(allows(robots, '/a$b/c')).toBe(false);
  });

  it('compares percent-encoding in one form', () => {
    const robots = 'User-agent: *\nDisallow: /caf\u00e9\nDisallow: /%7Euser';
    expect(allows(robots, '/caf%C3%A9/menu')).toBe(false);
    expect(allows(robots, '/~user/page')).toBe(false);
  });

  it('merges the groups naming the token, else uses *, and always allows /robots.txt', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /',
      'User-agent: SitefleetBot',
      'Disallow: /a',
      'User-agent: other',
      'User-agent: sitefleetbot/3',
      'Disallow: /b',
    ].join('\n');
    expect(allows(robots, '/c', 'sitefleetbot')).toBe(true);
    expect(allows(robots, '/a', 'sitefleetbot')).toBe(false);
    expect(allows(robots, '/b', 'sitefleetbot')).toBe(false);
    expect(allows(robots, '/c', 'anybot')).toBe(false);
    expect(allows(robots, '/robots.txt', 'anybot')).toBe(true);
    expect(allows('Disallow: /\nUser-agent: *\nDisallow:', '/x')).toBe(true);
  });

  it('stays fast on a hostile pattern', () => {
    const robots = `User-agent: *\nDisallow: /${'*a'.repeat(300)}b`;
    expect(allows(robots, `/${'a'.repeat(20_000)}`)).toBe(true);
  });
});

describe('vocabulary and URL form', () => {
  it('ranks every status exactly once', () => {
    expect([...STATUS_PRECEDENCE].sort()).toEqual([...LINK_CHECK_STATUSES].sort());
  });

  it('compares addresses ignoring scheme, host case, www, default ports and trailing slashes', () => {
    const same = comparableUrl('https://www.Example.com:443/a/');
    expect(comparableUrl('http://example.com/a')).toBe(same);
    expect(comparableUrl('http://example.com/a?b=1')).not.toBe(same);
    expect(comparableUrl('http://example.com:8080/a')).not.toBe(same);
    expect(comparableUrl('mailto:x@example.com')).toBeNull();
  });
});

describe('robots.txt shared by a bulk run', () => {
  it('reads an origin once within its time to live, again after it, and keeps at most its size', async () => {
    const { RobotsCache, parseRobots } = await import('../src/integrations/link-check/index.js');
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve(parseRobots('User-agent: *\nDisallow: /private/\n'));
    };
    const cache = new RobotsCache(50, 2);
    await cache.get('https://a.example', read);
    await cache.get('https://a.example', read);
    expect(reads).toBe(1);
    await cache.get('https://b.example', read);
    await cache.get('https://c.example', read);
    // a.example was the oldest of three in a cache of two: read again.
    await cache.get('https://a.example', read);
    expect(reads).toBe(4);
    const expired = Date.now() + 60;
    await expect.poll(() => Date.now() > expired).toBe(true);
    await cache.get('https://a.example', read);
    expect(reads).toBe(5);
  });
});

describe('surelyOtherSite', () => {
  // The rule, written out apart from the code: an absolute or scheme-relative address with a plain host.
  const PLAIN_ORIGIN =
    /^(?:https?:)?\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\.?|(?:(?:0|[1-9]\d{0,2})\.){3}(?:0|[1-9]\d{0,2}))(?::\d*)?(?:[/?#]|$)/i;
  const byRule = (raw: string, site: string) => {
    const host = PLAIN_ORIGIN.exec(raw.trim())?.[1];
    return host !== undefined && siteOf(host) !== site;
  };

  it('passes over plain hosts of other sites only, as the rule reads them', () => {
    const cases = [
      'https://money.example/offers/',
      'HTTPS://WWW.Money.Example./offers',
      '//www.money.example?x',
      'http://other.example:8080/a',
      'http://other.example:80x/a',
      'https://127.0.0.1:4000/blog/x',
      'http://1.2.3.04/',
      'http://1.2.3.4.5/',
      'http://999.1.1.1#top',
      'https://a.1/',
      'https://-a-.b-/',
      'http://a..b/',
      'https://xn--bcher-kva.example/',
      'https://user@money.example/',
      'https://[::1]/',
      'https://money_example.com/',
      '/relative/path',
      'offers.html',
      'http:/money.example/',
      'ftp://other.example/',
      '  https://other.example/  ',
      'https://www.',
      'https://www./',
      'http\u001a//other.example/',
      'https://www\u000eother.example/',
    ];
    for (const site of ['money.example', 'other.example', '127.0.0.1', 'www', 'a.1']) {
      for (const raw of cases)
        expect([raw, site, surelyOtherSite(raw, site)]).toEqual([raw, site, byRule(raw, site)]);
    }
  });

  it('answers as the rule reads these addresses, written out by hand', () => {
    // The implementation now runs the rule's own expression; these literal answers check the expression.
    const cases: Array<[string, string, boolean]> = [
      ['https://other.example/offers', 'money.example', true],
      ['HTTPS://WWW.Money.Example./offers', 'money.example', false],
      ['//www.other.example?x', 'money.example', true],
      ['http://other.example:8080/a', 'other.example', false],
      ['http://other.example:80x/a', 'money.example', false],
      ['https://127.0.0.1:4000/blog/x', 'money.example', true],
      ['http://1.2.3.04/', 'money.example', false],
      ['https://a.1/', 'money.example', false],
      ['https://user@other.example/', 'money.example', false],
      ['https://money_example.com/', 'other.example', false],
      ['/relative/path', 'other.example', false],
      ['  https://other.example/  ', 'money.example', true],
    ];
    for (const [raw, site, other] of cases) expect([raw, surelyOtherSite(raw, site)]).toEqual([raw, other]);
  });

  it('agrees with the rule on generated addresses', () => {
    const parts = [
      'a',
      'W',
      '.',
      '-',
      '0',
      '1',
      '25',
      '00',
      ':',
      '/',
      '?',
      '#',
      '_',
      'www.',
      'example',
      '8080',
      ' ',
      '\u001a',
      '\u000e',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 20_000; i++) {
      let raw = ['https://', 'http://', '//', 'HTTP://', ''][Math.floor(next() * 5)]!;
      for (let j = 1 + Math.floor(next() * 8); j > 0; j--) raw += parts[Math.floor(next() * parts.length)];
      for (const site of ['example', 'a.example', '1.25.0.1', 'www'])
        expect(surelyOtherSite(raw, site)).toBe(byRule(raw, site));
    }
  });
});
