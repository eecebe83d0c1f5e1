import type { RawListQuery } from '../src/core/query.js';

export const RESOURCE = 'users';

export interface Scenario {
  name: string;
  /** The resource (engine model name) the list call reads, and its URL path. */
  resource: string;
  path: string;
  description: string;
  /** The list call's query string; empty for a single record. */
  query: RawListQuery;
  /** Set for a single-record GET: the id it reads (`<path>/<id>`) instead of a list. */
  id?: number;
}

const USERS = { resource: 'users', path: 'ums/api/v1/users' };

/**
 * `issue` is the request of the issue: a substring filter and an array filter, sorted by e-mail, page 3 of
 * 25, with the total — on 100k rows both statements scan the table, so the database dominates.
 * `indexed` asks the same shape of question (filter + sort + page + total, 25 rows) over a primary-key
 * range of 100 rows, so the SQL is cheap and the engine's own per-request work shows.
 * `single` reads one user by id: one primary-key lookup, so nearly all of the time is per-request work.
 */
export function scenarios(rows: number): Scenario[] {
  const from = Math.max(2, Math.floor(rows / 2));
  return [
    {
      name: 'issue',
      ...USERS,
      description: 'name contains "an" + market Germany, sort email, page 3 x 25, total',
      query: {
        filter: JSON.stringify({ name: 'an', target_markets: 'Germany' }),
        sortBy: 'email',
        sortOrder: 'ASC',
        page: '3',
        perPage: '25',
      },
    },
    {
      name: 'indexed',
      ...USERS,
      description: `id ${from}..${from + 99}, sort email, page 2 x 25, total`,
      query: {
        filter: JSON.stringify({ id: { min: from, max: from + 99 } }),
        sortBy: 'email',
        sortOrder: 'ASC',
        page: '2',
        perPage: '25',
      },
    },
    { name: 'single', ...USERS, description: `one user by id (${from})`, query: {}, id: from },
  ];
}

/** The URL a scenario calls: the list with its query, or the one record. */
export function scenarioUrl(origin: string, s: Scenario): string {
  if (s.id !== undefined) return `${origin}/${s.path}/${s.id}`;
  const qs = new URLSearchParams(s.query as Record<string, string>);
  return `${origin}/${s.path}?${qs.toString()}`;
}

const DAY = 86_400;

/**
 * The inventory case: two filters + sort + page + total on the two largest tables of a portfolio, 100k
 * websites and 300k domains. `now` is fixed by the caller so both handlers see the same range.
 */
export function inventoryScenarios(now: number): Scenario[] {
  return [
    {
      name: 'websites',
      resource: 'websites',
      path: 'dms/api/v1/websites',
      description: 'type MONEY + status LIVE, sort updated_at DESC, page 3 x 25, total',
      query: {
        filter: JSON.stringify({ type: 'MONEY', status: 'LIVE' }),
        sortBy: 'updated_at',
        sortOrder: 'DESC',
        page: '3',
        perPage: '25',
      },
    },
    {
      name: 'domains',
      resource: 'domains',
      path: 'dms/api/v1/domains',
      description:
        'name contains "casino" + expiring within a year, sort expiration_date, page 2 x 25, total',
      query: {
        filter: JSON.stringify({ name: 'casino', expiration_date: { min: now, max: now + 365 * DAY } }),
        sortBy: 'expiration_date',
        sortOrder: 'ASC',
        page: '2',
        perPage: '25',
      },
    },
  ];
}
