/** An inclusive range of calendar days, both `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

/** One domain of the AccuRanker account (INTEGRATIONS §2, field reference). */
export interface AccurankerDomain {
  id: number;
  /** No scheme or www; may include a path. */
  domain: string;
  displayName: string | null;
  /** ISO-8601 datetime of the last check, when AccuRanker gave one. */
  lastScraped: string | null;
  googleBusinessName: string | null;
}

/** One day's check of a keyword. */
export interface AccurankerRank {
  /** The calendar day of the check (`YYYY-MM-DD`, as AccuRanker dated it). */
  date: string;
  /** ISO-8601 datetime of the check (`created_at`). */
  checkedAt: string;
  /** Position in the results; null when the domain was not in the top 100 (null or 0 upstream). */
  rank: number | null;
  /** URL of the domain's best-ranking page that day, when there was one. */
  highestRankingPage: string | null;
}

export type SearchDevice = 'desktop' | 'mobile';

/**
 * One tracked keyword. The same text appears once per search engine × device × locale, so `id` is the key.
 */
export interface AccurankerKeyword {
  id: number;
  keyword: string;
  /** As the Read API sends it: 1 = desktop, anything else = mobile. */
  searchType: number;
  device: SearchDevice;
  /** Google, Bing, Baidu, Yandex or YouTube; null when AccuRanker sent none. */
  searchEngine: string | null;
  searchVolume: number | null;
  /** One entry per checked day in the asked period, oldest first, one per day at most. */
  ranks: AccurankerRank[];
}
