import { FOOTPRINT_KINDS, type FootprintKind } from '@sitefleet/shared';

/**
 * The footprint computation (issue 18), pure: from the facts each site shows (its IP, its nameservers, the
 * analytics ids in its pages, its admin user names…) to each site's risk score with its reasons and the
 * strength of the tie between any two sites.
 *
 * A fact shared by two or more sites is a tie. Ties of one kind group add at most the group's cap (a site on
 * the same IP and in the same /24 block is one hosting tie, not two; ten public plugins in common are not ten
 * times the risk), and the groups combine as independent signals: 1 − Π(1 − contribution). A site's score is
 * that over all its ties, ×100; a pair's strength is that over the ties the two sites share.
 */

export interface Fact {
  site: number;
  kind: FootprintKind;
  /** What is shared, as the key two sites must have in common ('203.0.113.0/24', 'G-4XK2M9Q1ZT'). */
  value: string;
  /** The tie as a person reads it: 'Same Google Analytics 4 id G-4XK2M9Q1ZT'. */
  label: string;
  /** How strongly sharing it ties two sites, 0–1. */
  weight: number;
}

type Group = 'identity' | 'tracking' | 'hosting' | 'dns' | 'wordpress' | 'links' | 'registrar';

/** The kind's group and the most the group adds to a score or a pair. */
export const KIND_GROUP: Record<FootprintKind, Group> = {
  tracker: 'tracking',
  ga_account: 'tracking',
  registrant: 'identity',
  admin_email: 'identity',
  ip: 'hosting',
  ip_block: 'hosting',
  nameservers: 'dns',
  admin_user: 'wordpress',
  theme: 'wordpress',
  plugin: 'wordpress',
  link: 'links',
  registrar: 'registrar',
};

export const GROUP_CAP: Record<Group, number> = {
  tracking: 0.95,
  identity: 0.85,
  hosting: 0.35,
  dns: 0.5,
  wordpress: 0.5,
  links: 0.5,
  registrar: 0.05,
};

/** Facts shared by more sites than this tie every pair of them too, but are not spread into pairs first. */
export const EXPAND_MAX = 400;

export interface SharedFact {
  kind: FootprintKind;
  value: string;
  label: string;
  weight: number;
  /** Every site that shows it, ascending. */
  sites: number[];
}

export interface SiteFootprint {
  score: number;
  /** Indexes into `shared`, strongest first. */
  reasons: number[];
  /** Sites tied to this one at or above the pair threshold. */
  ties: number;
}

export interface Pair {
  a: number;
  b: number;
  strength: number;
  /** The kinds of the ties, strongest first, each once. */
  kinds: FootprintKind[];
}

export interface Footprint {
  shared: SharedFact[];
  sites: Map<number, SiteFootprint>;
  pairs: Pair[];
}

const KIND_ORDER = new Map(FOOTPRINT_KINDS.map((k, i) => [k, i]));

/** 1 − Π(1 − contribution) over groups, each group's weights combined the same way and capped. */
export function combine(facts: Iterable<{ kind: FootprintKind; weight: number }>): number {
  const groups = new Map<Group, number>();
  for (const f of facts) {
    const g = KIND_GROUP[f.kind];
    groups.set(g, (groups.get(g) ?? 1) * (1 - f.weight));
  }
  let keep = 1;
  for (const [g, miss] of groups) keep *= 1 - Math.min(GROUP_CAP[g], 1 - miss);
  return 1 - keep;
}

const strongestFirst = (x: SharedFact, y: SharedFact) =>
  y.weight - x.weight || KIND_ORDER.get(x.kind)! - KIND_ORDER.get(y.kind)! || x.value.localeCompare(y.value);

/** Rounds a strength to the stored precision (three decimals). */
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Scores every site of `siteIds` and every pair whose strength reaches `minStrength`. A site without shared
 * facts scores 0 with no reasons. Deterministic: the same facts give the same answer in the same order.
 */
export function computeFootprint(siteIds: number[], facts: Fact[], minStrength: number): Footprint {
  const known = new Set(siteIds);
  const byKey = new Map<string, { fact: SharedFact; seen: Set<number> }>();
  for (const f of facts) {
    if (!known.has(f.site) || f.weight <= 0) continue;
    const key = `${f.kind}\u0000${f.value}`;
    const s = byKey.get(key);
    if (!s) {
      const fact = { kind: f.kind, value: f.value, label: f.label, weight: f.weight, sites: [f.site] };
      byKey.set(key, { fact, seen: new Set([f.site]) });
    } else if (!s.seen.has(f.site)) {
      s.seen.add(f.site);
      s.fact.sites.push(f.site);
    }
  }
  const shared = [...byKey.values()]
    .map((s) => s.fact)
    .filter((s) => s.sites.length > 1)
    .sort(strongestFirst);
  for (const s of shared) s.sites.sort((x, y) => x - y);

  // Per site, the shared facts it shows (already strongest first).
  const ofSite = new Map<number, number[]>();
  shared.forEach((s, i) => {
    for (const site of s.sites) {
      const list = ofSite.get(site);
      if (list) list.push(i);
      else ofSite.set(site, [i]);
    }
  });

  // Pairs: narrow facts spread into every pair of their sites; broad ones are added to the pairs found.
  const pairFacts = new Map<number, Map<number, number[]>>();
  const broadOf = new Map<number, Set<number>>();
  shared.forEach((s, i) => {
    if (s.sites.length > EXPAND_MAX) {
      for (const site of s.sites) {
        const set = broadOf.get(site) ?? new Set<number>();
        set.add(i);
        broadOf.set(site, set);
      }
      return;
    }
    const list = s.sites;
    for (let x = 0; x < list.length; x++) {
      const a = list[x]!;
      let row = pairFacts.get(a);
      if (!row) pairFacts.set(a, (row = new Map()));
      for (let y = x + 1; y < list.length; y++) {
        const b = list[y]!;
        const got = row.get(b);
        if (got) got.push(i);
        else row.set(b, [i]);
      }
    }
  });

  const pairs: Pair[] = [];
  const ties = new Map<number, number>();
  for (const [a, row] of pairFacts) {
    const broadA = broadOf.get(a);
    for (const [b, idx] of row) {
      if (broadA) {
        const broadB = broadOf.get(b);
        if (broadB) for (const i of broadA) if (broadB.has(i)) idx.push(i);
      }
      const strength = round3(combine(idx.map((i) => shared[i]!)));
      if (strength < minStrength) continue;
      const kinds: FootprintKind[] = [];
      for (const i of [...idx].sort((x, y) => x - y)) {
        const k = shared[i]!.kind;
        if (!kinds.includes(k)) kinds.push(k);
      }
      pairs.push({ a, b, strength, kinds });
      ties.set(a, (ties.get(a) ?? 0) + 1);
      ties.set(b, (ties.get(b) ?? 0) + 1);
    }
  }
  pairs.sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);

  const sites = new Map<number, SiteFootprint>();
  for (const id of siteIds) {
    const reasons = ofSite.get(id) ?? [];
    sites.set(id, {
      score: Math.round(100 * combine(reasons.map((i) => shared[i]!))),
      reasons,
      ties: ties.get(id) ?? 0,
    });
  }
  return { shared, sites, pairs };
}

/** The facts two sites share, strongest first, and the strength of their tie. */
export function pairTies<F extends { kind: FootprintKind; value: string; weight: number }>(
  a: F[],
  b: F[],
): { strength: number; reasons: F[] } {
  const keys = new Set(b.map((f) => `${f.kind}\u0000${f.value}`));
  const reasons = a
    .filter((f) => keys.has(`${f.kind}\u0000${f.value}`))
    .sort((x, y) => y.weight - x.weight || KIND_ORDER.get(x.kind)! - KIND_ORDER.get(y.kind)!);
  return { strength: round3(combine(reasons)), reasons };
}
