import { describe, expect, it } from 'vitest';
import { groupBySubnet, shareBy, subnetOf } from './subnets.js';

describe('subnets', () => {
  it('keys IPv4 by /24 and /16 and IPv6 by /48 and /32', () => {
    expect(subnetOf('95.216.14.21', 'narrow')).toBe('95.216.14.0/24');
    expect(subnetOf('95.216.14.21', 'wide')).toBe('95.216.0.0/16');
    expect(subnetOf('2a01:4f8:c17:1::1', 'narrow')).toBe('2a01:4f8:c17::/48');
    expect(subnetOf('2a01:4f8::', 'wide')).toBe('2a01:4f8::/32');
    expect(subnetOf('300.1.1.1', 'narrow')).toBeNull();
  });

  it('flags subnets that host more than one site and shares sites by provider', () => {
    const rows = [
      { ip_address: '95.216.14.21', provider: 'Hetzner', location: 'DE', site_ids: [1, 2] },
      { ip_address: '95.216.14.22', provider: 'Hetzner', location: 'DE', site_ids: [3] },
      { ip_address: '51.91.77.130', provider: 'OVH', location: 'FR', site_ids: [4] },
      { ip_address: '51.91.80.1', provider: 'OVH', location: 'FR', site_ids: [] },
    ];
    const g = groupBySubnet(rows, 'narrow');
    expect(g[0]).toMatchObject({ subnet: '95.216.14.0/24', ips: 2, sites: 3, flagged: true });
    expect(g.find((x) => x.subnet === '51.91.77.0/24')).toMatchObject({ sites: 1, flagged: false });
    expect(groupBySubnet(rows, 'wide').find((x) => x.subnet === '51.91.0.0/16')).toMatchObject({
      ips: 2,
      sites: 1,
    });
    expect(shareBy(rows, 'provider')).toEqual([
      { name: 'Hetzner', ips: 2, sites: 3, share: 75 },
      { name: 'OVH', ips: 2, sites: 1, share: 25 },
    ]);
  });
});
