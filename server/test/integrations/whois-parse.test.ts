import { describe, expect, it } from 'vitest';
import { normaliseDomain } from '../../src/integrations/rdap/name.js';
import { DomainNotFoundError } from '../../src/integrations/rdap/types.js';
import { parseWhoisDate, readWhoisDate } from '../../src/integrations/whois/dates.js';
import { dateOrderFor } from '../../src/integrations/whois/formats.js';
import { parseWhois, registrarWhoisServer } from '../../src/integrations/whois/parse.js';
import { fixture } from './fixtures.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const parse = (file: string, name: string, server = 'whois.test') =>
  parseWhois(fixture(`whois/${file}`), normaliseDomain(name), server);

describe('WHOIS dates', () => {
  it.each([
    ['2027-10-13T04:00:00Z', '2027-10-13T04:00:00Z'],
    ['2027-10-13T04:00:00.123Z', '2027-10-13T04:00:00Z'],
    ['2023-04-11T09:10:27+02:00', '2023-04-11T07:10:27Z'],
    ['2027-10-13', '2027-10-13T00:00:00Z'],
    ['13-Oct-2027', '2027-10-13T00:00:00Z'],
    ['26-nov-1999 10:00:00', '1999-11-26T10:00:00Z'],
    ['2027/10/13', '2027-10-13T00:00:00Z'],
    ['2027.10.13', '2027-10-13T00:00:00Z'],
    ['13.10.2027', '2027-10-13T00:00:00Z'],
    ['2025/04/01 01:05:02 (JST)', '2025-03-31T16:05:02Z'],
    ['Tue Dec 12 2000', '2000-12-12T00:00:00Z'],
    ['May 26 1999', '1999-05-26T00:00:00Z'],
    ['2008. 03. 04.', '2008-03-04T00:00:00Z'],
    ['20030514 #1234567', '2003-05-14T00:00:00Z'],
    ['20240913 17:37:45', '2024-09-13T17:37:45Z'],
    ['2003-Mar-11.', '2003-03-11T00:00:00Z'],
    ['01st January 2003 at 00:00:00.000', '2003-01-01T00:00:00Z'],
    ['2026-06-15 00:00:00 (UTC+8)', '2026-06-14T16:00:00Z'],
    ['2005-01-28 10:03:05+02', '2005-01-28T08:03:05Z'],
    ['25-07-2020', '2020-07-25T00:00:00Z'],
    ['07/25/2020', '2020-07-25T00:00:00Z'],
    ['05.05.2021', '2021-05-05T00:00:00Z'],
  ])('reads %s', (text, iso) => expect(parseWhoisDate(text)).toBe(at(iso)));

  it.each(['before Aug-1996', '', 'unknown', '2024-02-30', '2024-13-01', '31-31-2020', 'Mayday 1 2020'])(
    'gives null for "%s"',
    (text) => expect(readWhoisDate(text)).toEqual({ value: null, ambiguous: false }),
  );

  it('never guesses the order of an all-numeric day and month', () => {
    expect(readWhoisDate('11-07-2020')).toEqual({ value: null, ambiguous: true });
    expect(readWhoisDate('3.10.2005 11:22:33')).toEqual({ value: null, ambiguous: true });
    expect(readWhoisDate('11-07-2020', 'dmy').value).toBe(at('2020-07-11T00:00:00Z'));
    expect(readWhoisDate('11-07-2020', 'mdy').value).toBe(at('2020-11-07T00:00:00Z'));
    // A year-first registry, or one whose declared order the date contradicts, is not trusted either.
    expect(readWhoisDate('11-07-2020', 'ymd')).toEqual({ value: null, ambiguous: true });
    expect(readWhoisDate('07/25/2020', 'dmy')).toEqual({ value: null, ambiguous: true });
  });

  it('takes the order from the registry table, by server and then by TLD', () => {
    expect(dateOrderFor('whois.hkirc.hk', 'hk')).toBe('dmy');
    expect(dateOrderFor('relay.internal', 'hk')).toBe('dmy');
    expect(dateOrderFor('whois.dot.tk', 'tk')).toBe('mdy');
    expect(dateOrderFor('whois.registrar.example', 'com')).toBeUndefined();
  });
});

describe('WHOIS answers', () => {
  it('reads a thin .com registry answer with EPP statuses and its registrar referral', () => {
    const text = fixture('whois/verisign-example-com.txt');
    const info = parse('verisign-example-com.txt', 'example.com', 'whois.verisign-grs.com');
    expect(info).toEqual({
      name: 'example.com',
      unicodeName: 'example.com',
      registrar: {
        name: 'Example Registrar, Inc.',
        ianaId: '1234',
        url: 'http://www.registrar.example',
        abuseEmail: 'abuse@registrar.example',
      },
      registrant: null,
      nameservers: ['a.iana-servers.net', 'b.iana-servers.net'],
      creationDate: at('1995-08-14T04:00:00Z'),
      expirationDate: at('2026-08-13T04:00:00Z'),
      updatedDate: at('2025-08-14T07:01:34Z'),
      statuses: ['client delete prohibited', 'client transfer prohibited', 'client update prohibited'],
      whoisProtected: false,
      source: 'whois',
      server: 'whois.verisign-grs.com',
      uncertain: [],
    });
    expect(registrarWhoisServer(text)).toBe('whois.registrar.example');
  });

  it('reads a registrar answer with a privacy service and redacted contact', () => {
    const info = parse('registrar-example-com.txt', 'example.com');
    expect(info.registrant).toEqual({
      name: null,
      organization: 'Withheld for Privacy ehf',
      email: null,
      country: 'IS',
    });
    expect(info.whoisProtected).toBe(true);
    expect(info.expirationDate).toBe(at('2027-08-13T04:00:00Z'));
  });

  it('reads SIDN (.nl) indented registrar, abuse and nameserver blocks', () => {
    expect(parse('sidn-example-nl.txt', 'example.nl')).toMatchObject({
      registrar: {
        name: 'Example Hosting B.V.',
        ianaId: null,
        url: null,
        abuseEmail: 'abuse@hosting.example',
      },
      registrant: null,
      nameservers: ['ns1.example-dns.nl', 'ns2.example-dns.nl', 'ns3.example-dns.eu'],
      creationDate: at('2003-04-11T00:00:00Z'),
      updatedDate: at('2024-06-18T00:00:00Z'),
      expirationDate: null,
      statuses: ['active'],
    });
  });

  it('reads Nominet (.uk) blocks, the [Tag] suffix and "before Aug-1996"', () => {
    expect(parse('nominet-example-co-uk.txt', 'example.co.uk')).toMatchObject({
      registrar: {
        name: 'Example Registrar Ltd t/a Example Domains',
        url: 'https://www.example-domains.example',
      },
      nameservers: ['ns1.example-dns.net', 'ns2.example-dns.net'],
      creationDate: null,
      expirationDate: at('2027-11-26T00:00:00Z'),
      updatedDate: at('2025-10-25T00:00:00Z'),
    });
  });

  it('reads DENIC (.de) for an IDN', () => {
    expect(parse('denic-idn-de.txt', 'bücher.de')).toMatchObject({
      name: 'xn--bcher-kva.de',
      unicodeName: 'bücher.de',
      registrar: null,
      nameservers: ['ns1.example-hosting.de', 'ns2.example-hosting.de'],
      updatedDate: at('2023-04-11T07:10:27Z'),
      statuses: ['connect'],
    });
  });

  it('reads both JPRS (.jp) layouts, with the expiry inside [State]', () => {
    expect(parse('jprs-example-jp.txt', 'example.jp')).toMatchObject({
      registrant: { name: 'Example Trading Co., Ltd.', organization: null },
      nameservers: ['ns1.example.jp', 'ns2.example.jp'],
      creationDate: at('2001-03-15T00:00:00Z'),
      expirationDate: at('2026-03-31T00:00:00Z'),
      updatedDate: at('2025-03-31T16:05:02Z'),
      statuses: ['active'],
    });
    expect(parse('jprs-example-co-jp.txt', 'example.co.jp')).toMatchObject({
      registrant: { name: null, organization: 'Example Corporation' },
      creationDate: at('1999-09-13T00:00:00Z'),
      expirationDate: at('2026-09-30T00:00:00Z'),
      statuses: ['connected'],
    });
  });

  it('reads .se, .eu and .be layouts and notices hidden registrants', () => {
    expect(parse('iis-example-se.txt', 'example.se')).toMatchObject({
      registrar: { name: 'Example Registrar AB' },
      registrant: { name: null },
      whoisProtected: true,
      creationDate: at('2004-03-11T00:00:00Z'),
      expirationDate: at('2026-03-11T00:00:00Z'),
      statuses: ['active'],
    });
    expect(parse('eurid-example-eu.txt', 'example.eu')).toMatchObject({
      registrar: { name: 'Example Registrar GmbH', url: 'https://www.registrar.example' },
      registrant: { name: null, organization: null, email: null },
      nameservers: ['ns1.example-dns.eu', 'ns2.example-dns.eu'],
      whoisProtected: true,
    });
    expect(parse('dnsbe-example-be.txt', 'example.be')).toMatchObject({
      registrar: { name: 'Example Registrar NV' },
      creationDate: at('2000-12-12T00:00:00Z'),
      nameservers: ['ns1.example-dns.be', 'ns2.example-dns.be'],
      statuses: [],
      whoisProtected: true,
    });
  });

  it.each([
    ['not-found.txt', 'missing.com'],
    ['', 'free.nl', 'free.nl is free\n'],
    ['', 'free.de', 'Domain: free.de\nStatus: free\n'],
    ['', 'free.jp', '[ JPRS database provides information on network administration. ]\n\nNo match!!\n'],
    ['', 'free.co.uk', '\n    No match for "free.co.uk".\n\n    This domain name has not been registered.\n'],
    ['', 'free.be', 'Domain:\tfree.be\nStatus:\tAVAILABLE\n'],
    ['', 'free.se', 'domain "free.se" not found.\n'],
  ])('treats "%s%s" as not registered', (file, name, text = '') => {
    const answer = file ? fixture(`whois/${file}`) : text;
    expect(() => parseWhois(answer, normaliseDomain(name), 'whois.test')).toThrow(DomainNotFoundError);
  });

  it('leaves an ambiguous date empty and names it, unless the registry declared its order', () => {
    const answer = [
      'Domain Name: lotus-garden.hk',
      'Registrar: Example Registrar Ltd',
      'Creation Date: 25-07-2010',
      'Expiry Date: 11-07-2026',
      'Name Server: ns1.lotus.example',
    ].join('\n');
    const relayed = parseWhois(answer, normaliseDomain('lotus-garden.xx'), 'whois.nic.xx');
    expect(relayed).toMatchObject({
      creationDate: at('2010-07-25T00:00:00Z'),
      expirationDate: null,
      uncertain: [{ field: 'expirationDate', raw: '11-07-2026' }],
    });
    const declared = parseWhois(answer, normaliseDomain('lotus-garden.hk'), 'whois.hkirc.hk');
    expect(declared).toMatchObject({ expirationDate: at('2026-07-11T00:00:00Z'), uncertain: [] });
  });

  it("splits and cleans statuses, and never takes a contact's State: for one", () => {
    const answer = [
      'Domain Name: statuses.xx',
      'Domain Status: clientDeleteProhibited, clientTransferProhibited',
      'Domain Status: ok -',
      'Status: serverHold https://icann.org/epp#serverHold',
      'Registrar: Example Registrar Ltd',
      '',
      'Registrant:',
      '   Name: Jane Doe',
      '   State: California',
      '',
      'contact: JD1-XX',
      'address: 1 Main Street',
      'state: NY',
    ].join('\n');
    expect(parseWhois(answer, normaliseDomain('statuses.xx'), 'whois.nic.xx').statuses).toEqual([
      'client delete prohibited',
      'client transfer prohibited',
      'active',
      'server hold',
    ]);
  });

  it('recognises a rate-limit answer', () => {
    expect(() =>
      parseWhois(
        '%% Query rate limit exceeded. Try again later.\n',
        normaliseDomain('a.nl'),
        'whois.sidn.nl',
      ),
    ).toThrow(expect.objectContaining({ kind: 'rate_limited' }) as Error);
  });
});
