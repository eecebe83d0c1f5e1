import { afterEach, describe, expect, it } from 'vitest';
import { createEcbClient, ECB_RATES_URL, EcbError, parseEcbRates } from '../../src/integrations/ecb/index.js';
import { ECB_DAY, ECB_RATES, ecbDocument, startEcbServer } from './ecb-server.js';
import { failureOf, requestsDuring, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(startEcbServer);
const failure = failureOf(EcbError);
const client = (timeoutMs = 2_000) => createEcbClient({ url: local.server.url, timeoutMs }, local.fetch);

afterEach(() => {
  local.server.mode = 'ok';
  local.server.day = ECB_DAY;
  local.server.rates = ECB_RATES;
});

describe('parseEcbRates', () => {
  it('reads the day and every rate, EUR being 1', () => {
    const rates = parseEcbRates(ecbDocument());
    expect(rates.date).toBe(ECB_DAY);
    expect(rates.day).toBe(Date.UTC(2026, 10, 20) / 1000);
    expect(Object.keys(rates.rates)).toHaveLength(ECB_RATES.length + 1);
    expect(rates.rates).toMatchObject({ EUR: 1, USD: 1.0843, GBP: 0.8561, JPY: 163.45, IDR: 17208.15 });
  });

  it('accepts double quotes, comments and a byte-order mark', () => {
    const doc = `\uFEFF${ecbDocument().replace(/'/g, '"').replace('<Cube>', '<!-- rates --><Cube>')}`;
    expect(parseEcbRates(doc).rates.SEK).toBe(11.482);
  });

  const refused = (doc: string) => {
    try {
      parseEcbRates(doc);
    } catch (err) {
      if (err instanceof EcbError) return err;
      throw err;
    }
    throw new Error('the document was accepted');
  };

  it('refuses a document without a time, with a rate that is no number, or of no rates at all', () => {
    const noTime = refused(ecbDocument().replace(/<Cube time='[^']*'>/, '<Cube>'));
    expect(noTime).toMatchObject({ reason: 'invalid' });
    expect(noTime.message).toMatch(/before the day's time|no Cube with a time/);
    expect(refused(ecbDocument().replace("rate='1.0843'", "rate='1,0843'")).message).toContain(
      'the rate of USD is not a positive number: "1,0843"',
    );
    expect(refused(ecbDocument().replace("rate='1.0843'", "rate='0'")).message).toContain('USD');
    expect(refused(ecbDocument().replace("rate='1.0843'", "rate='-1.2'")).message).toContain('USD');
    expect(refused(ecbDocument().replace("rate='1.0843'", '')).message).toContain('USD');
    expect(refused(ecbDocument('2026-02-30')).message).toContain('"2026-02-30" is not a day');
    expect(refused(ecbDocument(ECB_DAY, [])).message).toContain(`no rate for ${ECB_DAY}`);
    expect(refused(ecbDocument(ECB_DAY, [...ECB_RATES, ['USD', '1.1']])).message).toContain(
      'USD appears twice',
    );
    expect(refused(ecbDocument(ECB_DAY, [['usd', '1.1']])).message).toContain('three-letter');
    expect(refused('<html><body>Maintenance</body></html>').message).toContain('not a gesmes:Envelope');
    expect(refused(ecbDocument().replace('</gesmes:Envelope>', '')).message).toContain('gesmes:Envelope');
    const twoDays = ecbDocument().replace(
      '\t</Cube>\n</gesmes',
      `\t\t<Cube time='2026-11-19'><Cube currency='USD' rate='1.08'/></Cube>\n\t</Cube>\n</gesmes`,
    );
    expect(refused(twoDays).message).toContain('more than one day');
  });
});

describe('the ECB client against the local server', () => {
  it('reads the latest rates through the guarded client, asking for XML', async () => {
    let rates: Awaited<ReturnType<ReturnType<typeof client>['latest']>> | undefined;
    const requests = await requestsDuring(local.server, async () => {
      rates = await client().latest();
    });
    expect(rates?.date).toBe(ECB_DAY);
    expect(rates?.rates.CHF).toBe(0.9387);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toBe('/stats/eurofxref/eurofxref-daily.xml');
    expect(requests[0]!.accept).toContain('xml');
  });

  it('defaults to the ECB address', () => {
    expect(createEcbClient({}, local.fetch).url).toBe(ECB_RATES_URL);
    expect(createEcbClient({ url: null }, local.fetch).url).toBe(ECB_RATES_URL);
  });

  it('fails clearly on a server error, a malformed document, a timeout and a dead server', async () => {
    local.server.mode = 'error';
    const http = await failure(client().latest());
    expect(http.reason).toBe('http');
    expect(http.message).toContain('answered HTTP 500');
    local.server.mode = 'bad-rate';
    expect((await failure(client().latest())).message).toContain(
      'the rate of GBP is not a positive number: "N/A"',
    );
    local.server.mode = 'no-time';
    expect((await failure(client().latest())).reason).toBe('invalid');
    local.server.mode = 'not-xml';
    expect((await failure(client().latest())).message).toContain('not a gesmes:Envelope');
    local.server.mode = 'hang';
    expect((await failure(client(300).latest())).reason).toBe('timeout');
    const dead = createEcbClient({ url: `${local.deadOrigin}/eurofxref-daily.xml` }, local.fetch);
    expect((await failure(dead.latest())).reason).toBe('network');
  });

  it('never reaches a private address through a production client', async () => {
    await withGuardedFetch(async (guarded) => {
      const err = await failure(createEcbClient({ url: local.server.url }, guarded).latest());
      expect(err.reason).toBe('network');
      expect(err.message).toMatch(/ECB reference rates: .*(not allowed|blocked|private|loopback)/i);
    });
  });
});
