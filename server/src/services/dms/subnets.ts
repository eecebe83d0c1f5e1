/** Subnet keys for footprint analysis: IPv4 /24 and /16, IPv6 /48 and /32. Pure. */

function expandV6(ip: string): number[] | null {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const a = parse(head);
  const b = tail === undefined ? [] : parse(tail);
  if (tail === undefined && a.length !== 8) return null;
  const groups = [...a, ...Array(Math.max(0, 8 - a.length - b.length)).fill(0), ...b];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

export function subnetOf(ip: string, level: 'narrow' | 'wide'): string | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip.trim());
  if (v4) {
    const o = v4.slice(1).map(Number);
    if (o.some((x) => x > 255)) return null;
    return level === 'narrow' ? `${o[0]}.${o[1]}.${o[2]}.0/24` : `${o[0]}.${o[1]}.0.0/16`;
  }
  const g = ip.includes(':') ? expandV6(ip.trim().toLowerCase()) : null;
  if (!g) return null;
  const hex = g.map((x) => x.toString(16));
  return level === 'narrow' ? `${hex.slice(0, 3).join(':')}::/48` : `${hex.slice(0, 2).join(':')}::/32`;
}

export interface IpUsage {
  ip_address: string;
  provider: string | null;
  location: string | null;
  site_ids: number[];
}

export interface SubnetGroup {
  subnet: string;
  ips: number;
  sites: number;
  site_ids: number[];
  providers: string[];
  locations: string[];
  /** More than one site of the network shares this subnet: a footprint search engines can link. */
  flagged: boolean;
}

export function groupBySubnet(rows: IpUsage[], level: 'narrow' | 'wide'): SubnetGroup[] {
  const groups = new Map<string, SubnetGroup>();
  for (const r of rows) {
    const key = subnetOf(r.ip_address, level) ?? r.ip_address;
    const g = groups.get(key) ?? {
      subnet: key,
      ips: 0,
      sites: 0,
      site_ids: [],
      providers: [],
      locations: [],
      flagged: false,
    };
    g.ips += 1;
    g.site_ids.push(...r.site_ids);
    if (r.provider && !g.providers.includes(r.provider)) g.providers.push(r.provider);
    if (r.location && !g.locations.includes(r.location)) g.locations.push(r.location);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    g.site_ids = [...new Set(g.site_ids)].sort((a, b) => a - b);
    g.sites = g.site_ids.length;
    g.flagged = g.sites > 1;
  }
  return [...groups.values()].sort((a, b) => b.sites - a.sites || a.subnet.localeCompare(b.subnet));
}

export function shareBy(
  rows: IpUsage[],
  key: 'provider' | 'location',
): Array<{ name: string; ips: number; sites: number; share: number }> {
  const totalSites = rows.reduce((n, r) => n + r.site_ids.length, 0) || 1;
  const m = new Map<string, { name: string; ips: number; sites: number; share: number }>();
  for (const r of rows) {
    const name = r[key] ?? 'Unknown';
    const e = m.get(name) ?? { name, ips: 0, sites: 0, share: 0 };
    e.ips += 1;
    e.sites += r.site_ids.length;
    m.set(name, e);
  }
  for (const e of m.values()) e.share = Math.round((e.sites / totalSites) * 1000) / 10;
  return [...m.values()].sort((a, b) => b.sites - a.sites || a.name.localeCompare(b.name));
}
