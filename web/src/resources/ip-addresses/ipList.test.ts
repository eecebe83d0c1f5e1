import { describe, expect, it } from 'vitest';
import { isIpAddress, parseIpText, toIpRecords, toIpText } from './ipList';

describe('IP textarea (SPEC §7.1)', () => {
  it('recognises IPv4 and IPv6 addresses', () => {
    for (const ip of ['1.2.3.4', '255.255.255.255', '2a01:4f8::1', '::1', 'fe80::1ff:fe23:4567:890a'])
      expect(isIpAddress(ip)).toBe(true);
    for (const ip of ['256.1.1.1', '1.2.3', '01.2.3.4', 'example.com', '1.2.3.4.5', 'gggg::1', ':'])
      expect(isIpAddress(ip)).toBe(false);
  });

  it('splits lines, commas and spaces, flagging invalid and repeated addresses', () => {
    expect(parseIpText('1.2.3.4\n 5.6.7.8, nope;1.2.3.4\n\n2a01:4f8::1')).toEqual([
      { ip_address: '1.2.3.4', valid: true, duplicate: false },
      { ip_address: '5.6.7.8', valid: true, duplicate: false },
      { ip_address: 'nope', valid: false, duplicate: false },
      { ip_address: '1.2.3.4', valid: true, duplicate: true },
      { ip_address: '2a01:4f8::1', valid: true, duplicate: false },
    ]);
    expect(parseIpText('  \n ')).toEqual([]);
  });

  it('converts to IP objects with the shared fields, and back to text', () => {
    const records = toIpRecords(parseIpText('1.2.3.4, bad, 1.2.3.4, 9.9.9.9'), { server_id: 3 });
    expect(records).toEqual([
      { server_id: 3, ip_address: '1.2.3.4' },
      { server_id: 3, ip_address: '9.9.9.9' },
    ]);
    expect(toIpText(records)).toBe('1.2.3.4\n9.9.9.9');
    expect(toIpText([{ ip_address: null }, {}])).toBe('');
  });
});
