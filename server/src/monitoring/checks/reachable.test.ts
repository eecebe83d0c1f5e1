import { describe, expect, it } from 'vitest';
import { createTargetRule } from './reachable.js';

const HOSTS_HINT = 'monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS';

describe('monitor target rule', () => {
  const strict = createTargetRule({});

  it('says which private address is refused and which setting allows it', () => {
    expect(strict.refusal('127.0.0.1')).toBe(`127.0.0.1 is a private or loopback address; ${HOSTS_HINT}`);
    expect(strict.refusal('10.1.2.3')).toBe(`10.1.2.3 is a private or loopback address; ${HOSTS_HINT}`);
    expect(strict.refusal('[::1]')).toBe(`::1 is a private or loopback address; ${HOSTS_HINT}`);
    expect(strict.refusal('169.254.169.254')).toBe(
      `169.254.169.254 is a link-local address (cloud metadata service); ${HOSTS_HINT}`,
    );
    expect(strict.refusal('::ffff:7f00:1')).toBe(
      `::ffff:7f00:1 is a private or loopback address; ${HOSTS_HINT}`,
    );
  });

  it('names addresses no setting opens, and localhost names, with their own advice', () => {
    expect(strict.refusal('0.0.0.0')).toBe('0.0.0.0 is an unspecified address; monitors cannot reach it');
    expect(strict.refusal('224.0.0.1')).toBe('224.0.0.1 is a multicast address; monitors cannot reach it');
    expect(strict.refusal('localhost')).toBe(
      'localhost names this server; monitors may not reach it unless an operator sets OUTBOUND_ALLOW_PRIVATE=true',
    );
    expect(strict.refusal('app.localhost')).toMatch(/^app\.localhost names this server/);
  });

  it('lets public addresses and host names through without looking them up', () => {
    expect(strict.refusal('93.184.215.14')).toBeNull();
    expect(strict.refusal('2606:4700::1111')).toBeNull();
    expect(strict.refusal('shop.example')).toBeNull();
  });

  it('follows OUTBOUND_ALLOW_HOSTS and OUTBOUND_ALLOW_PRIVATE as the checks do', () => {
    const hosts = createTargetRule({ allowHosts: ['127.0.0.1', '10.9.0.0/16'] });
    expect(hosts.refusal('127.0.0.1')).toBeNull();
    expect(hosts.refusal('10.9.4.4')).toBeNull();
    expect(hosts.refusal('10.1.2.3')).toBe(`10.1.2.3 is a private or loopback address; ${HOSTS_HINT}`);
    const open = createTargetRule({ allowPrivate: true });
    expect(open.refusal('192.168.1.10')).toBeNull();
    expect(open.refusal('localhost')).toBeNull();
    expect(open.refusal('0.0.0.0')).toBe('0.0.0.0 is an unspecified address; monitors cannot reach it');
  });
});
