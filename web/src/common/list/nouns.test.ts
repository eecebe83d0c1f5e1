import { describe, expect, it } from 'vitest';
import { countedNoun } from './nouns';

describe('countedNoun', () => {
  it('counts records with the plural label, singular for one', () => {
    expect(countedNoun('Domains', 3)).toBe('3 domains');
    expect(countedNoun('Domains', 1)).toBe('1 domain');
    expect(countedNoun('Domains', 0)).toBe('0 domains');
  });

  it('makes the last word singular and keeps acronyms', () => {
    expect(countedNoun('DNS records', 1)).toBe('1 DNS record');
    expect(countedNoun('IP addresses', 1)).toBe('1 IP address');
    expect(countedNoun('IP addresses', 2)).toBe('2 IP addresses');
    expect(countedNoun('Repositories', 1)).toBe('1 repository');
    expect(countedNoun('Environment variables', 1)).toBe('1 environment variable');
    expect(countedNoun('Proxy servers', 1)).toBe('1 proxy server');
    expect(countedNoun('Notifications', 5)).toBe('5 notifications');
  });
});
