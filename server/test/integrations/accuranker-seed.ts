/** Deterministic AccuRanker data for the local server: domains, keywords and a daily rank history. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The seeded rank history: every keyword is checked once a day from its first day to LAST_DAY. */
export const FIRST_DAY = '2025-01-01';
/** The latest fully refreshed day: what AccuRanker answers when no period is given. */
export const LAST_DAY = '2025-06-30';
const DAY_MS = 86_400_000;

export interface SeedDomain {
  id: number;
  domain: string;
  display_name: string | null;
  google_business_name: string | null;
  group: { id: number; name: string };
}

export interface SeedKeyword {
  id: number;
  domainId: number;
  keyword: string;
  search_type: 1 | 2;
  engine: 'Google' | 'Bing' | 'YouTube';
  search_volume: number | null;
  firstDay: string;
  /** Days (index from FIRST_DAY) with no check at all. */
  skip?: (index: number) => boolean;
  /** Days on which the domain was not in the top 100. */
  notRanking?: (index: number) => boolean;
  /** A broken rank: `rank` sent as text. */
  rankAsText?: boolean;
}

export const SEED_DOMAINS: SeedDomain[] = [
  {
    id: 42,
    domain: 'example.com',
    display_name: 'Example',
    google_business_name: null,
    group: { id: 7, name: 'Money sites' },
  },
  {
    id: 43,
    domain: 'shop.example.com',
    display_name: null,
    google_business_name: 'Example Shop',
    group: { id: 7, name: 'Money sites' },
  },
  {
    id: 44,
    domain: 'example.org/blog',
    display_name: 'Blog',
    google_business_name: null,
    group: { id: 8, name: 'Directories' },
  },
  {
    id: 45,
    domain: 'beispiel.de',
    display_name: null,
    google_business_name: null,
    group: { id: 8, name: 'Directories' },
  },
  {
    id: 46,
    domain: 'broken.example',
    display_name: 'Broken',
    google_business_name: null,
    group: { id: 9, name: 'Lab' },
  },
];

export const SEED_KEYWORDS: SeedKeyword[] = [
  {
    id: 9001,
    domainId: 42,
    keyword: 'wordpress hosting',
    search_type: 1,
    engine: 'Google',
    search_volume: 2400,
    firstDay: FIRST_DAY,
  },
  {
    id: 9002,
    domainId: 42,
    keyword: 'wordpress hosting',
    search_type: 2,
    engine: 'Google',
    search_volume: 2400,
    firstDay: FIRST_DAY,
    notRanking: (i) => i % 5 === 4,
  },
  {
    id: 9003,
    domainId: 42,
    keyword: 'managed hosting',
    search_type: 1,
    engine: 'Bing',
    search_volume: null,
    firstDay: '2025-03-15',
  },
  {
    id: 9004,
    domainId: 42,
    keyword: 'hosting review',
    search_type: 2,
    engine: 'YouTube',
    search_volume: 90,
    firstDay: FIRST_DAY,
    skip: (i) => i % 7 === 3,
  },
  {
    id: 9301,
    domainId: 43,
    keyword: 'buy widgets',
    search_type: 1,
    engine: 'Google',
    search_volume: 880,
    firstDay: '2025-06-01',
  },
  {
    id: 9601,
    domainId: 46,
    keyword: 'broken rank',
    search_type: 1,
    engine: 'Google',
    search_volume: 10,
    firstDay: '2025-06-01',
    rankAsText: true,
  },
];

export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const FIRST = dayNumber(FIRST_DAY);
export const LAST = dayNumber(LAST_DAY);

/** The seeded rank of a keyword on a day: a number, null when not ranking, undefined when not checked. */
export function seededRank(keywordId: number, date: string): number | null | undefined {
  const kw = SEED_KEYWORDS.find((k) => k.id === keywordId);
  const day = dayNumber(date);
  if (!kw || day < dayNumber(kw.firstDay) || day > LAST) return undefined;
  const index = day - FIRST;
  if (kw.skip?.(index)) return undefined;
  if (kw.notRanking?.(index)) return null;
  return 1 + ((kw.id * 13 + index * 7) % 50);
}

function rankEntry(kw: SeedKeyword, day: number): JsonObject | null {
  const date = dayString(day);
  const rank = seededRank(kw.id, date);
  if (rank === undefined) return null;
  const index = day - FIRST;
  const minute = String((kw.id + index) % 60).padStart(2, '0');
  const domain = SEED_DOMAINS.find((d) => d.id === kw.domainId)!.domain;
  const page = rank === null ? null : `https://${domain.split('/')[0]}/${kw.keyword.replace(/\s+/g, '-')}/`;
  return {
    id: kw.id * 100_000 + index,
    created_at: `${date}T03:${minute}:17Z`,
    // Not-ranking days alternate between the two shapes seen upstream: null and 0.
    rank: rank === null ? (index % 2 === 0 ? 0 : null) : kw.rankAsText ? String(rank) : rank,
    share_of_voice: rank === null ? 0 : Math.round(1000 / rank),
    share_of_voice_percentage: rank === null ? 0 : Number((10 / rank).toFixed(2)),
    estimated_visits: rank === null ? 0 : Math.round(2000 / rank),
    ctr: rank === null ? 0 : Number((0.3 / rank).toFixed(4)),
    ctr_max: 0.3,
    highest_ranking_page: page,
    landing_page: page === null ? null : { id: kw.id + 50_000, path: new URL(page).pathname },
    above_the_fold: rank !== null && rank <= 3,
    extra_ranks: [],
  };
}

/** A keyword as the API holds it, with the checks of days `from`..`to` (day numbers). */
export function keywordObject(kw: SeedKeyword, from: number, to: number): JsonObject {
  const ranks: Json[] = [];
  for (let day = from; day <= to; day += 1) {
    const entry = rankEntry(kw, day);
    if (entry) ranks.push(entry);
  }
  return {
    id: kw.id,
    keyword: kw.keyword,
    created_at: kw.firstDay,
    starred: kw.id % 2 === 0,
    tags: kw.id % 2 === 0 ? ['hosting'] : null,
    search_type: kw.search_type,
    search_engine: { id: { Google: 1, Bing: 2, YouTube: 5 }[kw.engine], name: kw.engine },
    search_locale: {
      id: 1,
      country_code: 'US',
      region: 'United States',
      locale: 'English',
      locale_short: 'en',
    },
    search_location: '',
    search_volume:
      kw.search_volume === null
        ? null
        : { id: kw.id + 70_000, search_volume: kw.search_volume, avg_cost_per_click: 3.2, competition: 0.6 },
    preferred_landing_page: null,
    initial_rank: 12,
    ranks,
  };
}

export function domainObject(d: SeedDomain): JsonObject {
  const kws = SEED_KEYWORDS.filter((k) => k.domainId === d.id);
  return {
    id: d.id,
    domain: d.domain,
    display_name: d.display_name,
    slug: d.domain.replace(/\W+/g, '-'),
    created_at: '2024-11-02',
    last_scraped: kws.length ? `${LAST_DAY}T03:59:01Z` : null,
    group: d.group,
    google_business_name: d.google_business_name,
    competitors: [],
    history: [],
  };
}
