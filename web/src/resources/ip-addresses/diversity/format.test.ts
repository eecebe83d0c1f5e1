import { describe, expect, it } from 'vitest';
import type { IpDiversity } from '@sitefleet/shared';
import { barPercent, flagText, formatShare, shareCaption, siteIdsOf, totalCards } from './format';

const subnet = (subnet: string, site_ids: number[]) => ({
  subnet,
  ips: 1,
  sites: site_ids.length,
  site_ids,
  providers: [],
  locations: [],
  flagged: site_ids.length > 1,
});

describe('IP diversity formatting', () => {
  it('formats shares as percentages', () => {
    expect(formatShare(39.7)).toBe('39.7%');
    expect(formatShare(19)).toBe('19%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(12.345)).toBe('12.3%');
  });

  it('says how many sites share a flagged subnet', () => {
    expect(flagText(8)).toBe('8 sites share this subnet');
  });

  it('turns the totals into cards and warns about flagged subnets', () => {
    const cards = totalCards({
      ips: 27,
      sites: 58,
      sites_without_ip: 0,
      subnets24: 19,
      subnets16: 16,
      flagged24: 13,
      flagged16: 0,
    });
    expect(cards.map((c) => [c.label, c.value, c.hint ?? null, c.warn])).toEqual([
      ['IP addresses', 27, null, false],
      ['Sites on them', 58, null, false],
      ['Sites without an IP', 0, null, false],
      ['/24 subnets', 19, '13 flagged', true],
      ['/16 subnets', 16, '0 flagged', false],
    ]);
  });

  it('scales share bars to the largest share and captions them', () => {
    const rows = [
      { name: 'Hetzner', ips: 10, sites: 23, share: 39.7 },
      { name: 'AWS', ips: 1, sites: 0, share: 0 },
      { name: 'Vultr', ips: 1, sites: 1, share: 19.85 },
    ];
    expect(rows.map((r) => barPercent(r, rows))).toEqual([100, 0, 50]);
    expect(barPercent(rows[1]!, [rows[1]!])).toBe(0);
    expect(shareCaption(rows[0]!)).toBe('23 sites on 10 IPs');
    expect(shareCaption(rows[2]!)).toBe('1 site on 1 IP');
  });

  it('collects the site ids of all subnets once', () => {
    const data = {
      subnets24: [subnet('1.2.3.0/24', [5, 3]), subnet('1.2.4.0/24', [7])],
      subnets16: [subnet('1.2.0.0/16', [3, 5, 7])],
    } as unknown as IpDiversity;
    expect(siteIdsOf(data)).toEqual([3, 5, 7]);
  });
});
