import { describe, expect, it } from 'vitest';
import { diverseIps } from './diversity';
import type { WizardServerOption } from './types';

const ip = (id: number, sites: number, subnetSites: number) => ({
  id,
  ip: `10.0.${id}.1`,
  sites,
  subnet: `10.0.${id}.0/24`,
  subnet_sites: subnetSites,
  provider: null,
  location: null,
});
const server = (id: number, runcloud: boolean, ips: ReturnType<typeof ip>[]): WizardServerOption => ({
  id,
  name: `s${id}`,
  runcloud,
  websites: 0,
  ip_addresses: ips,
});

describe('diversity hint', () => {
  const servers = [server(1, true, [ip(1, 0, 7), ip(2, 5, 3), ip(3, 4, 3)]), server(2, false, [ip(4, 9, 1)])];

  it('recommends every IP whose subnet holds the fewest sites, not the emptiest IP', () => {
    expect([...diverseIps(servers, false)]).toEqual([4]);
    expect([...diverseIps(servers.slice(0, 1), false)].sort()).toEqual([2, 3]);
  });

  it('leaves out servers a fresh install cannot use', () => {
    expect([...diverseIps(servers, true)].sort()).toEqual([2, 3]);
    expect(diverseIps([server(2, false, [ip(4, 0, 0)])], true).size).toBe(0);
  });
});
