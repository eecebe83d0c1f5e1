import { describe, expect, it } from 'vitest';
import { addRecipients, EMAIL_RECIPIENT, PHONE_RECIPIENT, validateRecipients } from './recipients';
import { siteMonitorData } from './siteMonitor';

describe('alert recipients', () => {
  it('stores e-mail addresses trimmed and lower-cased, once each', () => {
    expect(
      addRecipients(['ops@example.com'], [' Ops@Example.com ', 'Noc@Example.org', ''], EMAIL_RECIPIENT),
    ).toEqual(['ops@example.com', 'noc@example.org']);
  });

  it('stores phone numbers in E.164 whatever their spacing, keeps a wrong one as typed to be corrected', () => {
    expect(
      addRecipients([], ['+49 151 1234-5678', '(+1) 555.010.9999', '0151 1234'], PHONE_RECIPIENT),
    ).toEqual(['+4915112345678', '+15550109999', '0151 1234']);
  });

  it('splits pasted lists: e-mails on spaces too, phone numbers not (their spaces are theirs)', () => {
    expect('a@x.io b@y.io,c@z.io'.split(EMAIL_RECIPIENT.separators)).toEqual(['a@x.io', 'b@y.io', 'c@z.io']);
    expect('+49 151 1\n+1 555 2; +44 20 3'.split(PHONE_RECIPIENT.separators)).toEqual([
      '+49 151 1',
      '+1 555 2',
      ' +44 20 3',
    ]);
  });

  it('names the first wrong item, in words an operator can act on', () => {
    const emails = validateRecipients(EMAIL_RECIPIENT);
    const phones = validateRecipients(PHONE_RECIPIENT);
    expect(emails(['ops@example.com'])).toBeUndefined();
    expect(emails(['ops@example.com', 'ops@'])).toBe('"ops@" is not an e-mail address');
    expect(phones(['+4915112345678'])).toBeUndefined();
    expect(phones(['015112345678'])).toBe(
      '"015112345678" is not an international number: write it as +4915112345678',
    );
    expect(phones(['+0123456789'])).toMatch(/not an international number/);
    expect(emails(undefined)).toBeUndefined();
    expect(emails(Array.from({ length: 21 }, (_, i) => `a${i}@example.com`))).toBe('At most 20 recipients');
  });
});

describe("a site's one-click monitor", () => {
  it("checks the site's URL over http, named after its host", () => {
    expect(siteMonitorData({ id: 4, hostname: 'delta.test', url: 'https://delta.test/shop' })).toEqual({
      website_id: 4,
      type: 'http',
      url: 'https://delta.test/shop',
      friendly_name: 'delta.test',
    });
  });

  it('falls back to https:// and the host name, and gives up without either', () => {
    expect(siteMonitorData({ id: 2, hostname: 'beta.test', url: ' ' })?.url).toBe('https://beta.test');
    expect(siteMonitorData({ id: 2, hostname: null, url: null })).toBeNull();
  });
});
