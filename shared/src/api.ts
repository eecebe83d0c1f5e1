/** Shapes of the generic resource calls (SPEC §7.1, ARCHITECTURE §3). */

export type Id = number;

export interface RecordMeta {
  id: Id;
  created_at: number;
  updated_at: number;
  version: number;
}

/**
 * How far `total` can be trusted: counted (`exact`), the database's estimate of an unnarrowed list
 * (`estimate`, "about 150,000"), or a lower bound (`atLeast`, "10,000+") where counting would cost more
 * than the page. `exact=true` on the list query always counts.
 */
export type TotalKind = 'exact' | 'estimate' | 'atLeast';

/**
 * Opaque keyset cursors of a page's first and last rows, for the sort and filter it was read with: send
 * `after=<last>` for the next page or `before=<first>` for the previous one (with page=p±1). Null when the
 * page is empty or its sort cannot seek (a computed field).
 */
export interface PageCursors {
  first: string;
  last: string;
}

export interface ListMeta {
  total: number;
  totalKind: TotalKind;
  cursors: PageCursors | null;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
export interface OneResponse<T> {
  data: T;
}

export type FilterValue =
  | string
  | number
  | boolean
  | null
  | Array<string | number>
  | { where_in: Array<string | number> }
  | { where_null: true }
  | { where_not_null: true }
  | { min?: number | string; max?: number | string };

export type Filter = Record<string, FilterValue>;

export interface ListQuery {
  sortBy?: string;
  sortOrder?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
  filter?: Filter;
  /** A cursor of the previous page's last row (meta.cursors.last): the page after it, without OFFSET. */
  after?: string;
  /** A cursor of the next page's first row (meta.cursors.first): the page before it. */
  before?: string;
  /** Count the total exactly however large it is. */
  exact?: boolean;
}

export type { LoginResponse, Me } from './actions/ums.js';

/** full_permissions of users/me: route → method → true (SPEC §6: grouped by route, then method). */
export type GroupedPermissions = Record<string, Record<string, boolean>>;
