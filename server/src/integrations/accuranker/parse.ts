import type { AccurankerError } from './errors.js';
import type { AccurankerDomain, AccurankerKeyword, AccurankerRank } from './types.js';

/** Makes the bad_response error for a listing: `what` completes "AccuRanker answered <path> with …". */
export type Complaint = (what: string) => AccurankerError;

const DATETIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}/;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A text field that may be absent, null or empty (then null); anything else is a broken answer. */
function optionalText(value: unknown, field: string, bad: Complaint): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw bad(`a ${field} that is not text`);
  return value;
}

/** `holder.field` of a nested object that may itself be null or absent (then null). */
function nested(holder: unknown, name: string, field: string, bad: Complaint): unknown {
  if (holder === undefined || holder === null) return null;
  if (!isRecord(holder)) throw bad(`with a ${name} that is not an object`);
  return holder[field] ?? null;
}

/** One element of `GET /domains/` projected on DOMAIN_FIELDS. */
export function parseDomain(item: unknown, bad: Complaint): AccurankerDomain {
  if (!isRecord(item) || !isId(item.id)) throw bad('a domain without an id');
  if (typeof item.domain !== 'string' || !item.domain) throw bad(`domain ${item.id} without its domain name`);
  return {
    id: item.id,
    domain: item.domain,
    displayName: optionalText(item.display_name, 'display_name', bad),
    lastScraped: optionalText(item.last_scraped, 'last_scraped', bad),
    googleBusinessName: optionalText(item.google_business_name, 'google_business_name', bad),
  };
}

function parseRank(item: unknown, bad: Complaint): AccurankerRank {
  if (!isRecord(item)) throw bad('that is not an object');
  const createdAt = item.created_at;
  const day = typeof createdAt === 'string' ? DATETIME.exec(createdAt) : null;
  if (typeof createdAt !== 'string' || !day || Number.isNaN(Date.parse(createdAt)))
    throw bad('without a created_at datetime');
  const rank = item.rank ?? null;
  if (rank !== null && !(typeof rank === 'number' && Number.isSafeInteger(rank)))
    throw bad('that is not a whole number');
  const page = item.highest_ranking_page ?? null;
  if (page !== null && typeof page !== 'string') throw bad('with a highest_ranking_page that is not text');
  return {
    // The day as AccuRanker dated the check, not converted to another zone: periods are asked in its days.
    date: day[1]!,
    checkedAt: createdAt,
    // Not-ranking days come as null or 0; both mean "not in the top 100".
    rank: rank !== null && rank > 0 ? rank : null,
    highestRankingPage: page || null,
  };
}

/** One element of `GET /domains/{id}/keywords/` projected on KEYWORD_FIELDS. */
export function parseKeyword(item: unknown, bad: Complaint): AccurankerKeyword {
  if (!isRecord(item) || !isId(item.id)) throw bad('a keyword without an id');
  const id = item.id;
  const wrong: Complaint = (what) => bad(`keyword ${id} ${what}`);
  const searchType = item.search_type;
  if (typeof item.keyword !== 'string') throw wrong('without its text');
  if (typeof searchType !== 'number' || !Number.isSafeInteger(searchType))
    throw wrong('without an integer search_type');
  if (!Array.isArray(item.ranks)) throw wrong('without a ranks list');
  const engine = nested(item.search_engine, 'search_engine', 'name', wrong);
  if (engine !== null && typeof engine !== 'string')
    throw wrong('with a search_engine.name that is not text');
  const volume = nested(item.search_volume, 'search_volume', 'search_volume', wrong);
  if (volume !== null && !(typeof volume === 'number' && Number.isSafeInteger(volume) && volume >= 0))
    throw wrong('with a search_volume that is not a count');
  return {
    id,
    keyword: item.keyword,
    searchType,
    device: searchType === 1 ? 'desktop' : 'mobile',
    searchEngine: engine,
    searchVolume: volume,
    ranks: item.ranks.map((rank) => parseRank(rank, (what) => bad(`a rank of keyword ${id} ${what}`))),
  };
}
