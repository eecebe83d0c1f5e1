import { describe, expect, it } from 'vitest';
import { normaliseDomain } from '../../src/integrations/rdap/name.js';
import { DomainNotFoundError } from '../../src/integrations/rdap/types.js';
import { parseWhoisDate } from '../../src/integrations/whois/dates.js';
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
  ])('reads %s', (text, iso) => expect(parseWhoisDate(text)).toBe(at(iso)));

  it.each(['before Aug-1996', '', 'unknown', '2024-02-30', '2024-13-01'])('gives null for "%s"', (text) =>
    expect(parseWhoisDate(text)).toBeNull(),
  );
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
