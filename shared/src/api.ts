/** Shapes of the generic resource calls (SPEC §7.1, ARCHITECTURE §3). */

export type Id = number;

export interface RecordMeta {
  id: Id;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface ListResponse<T> {
  data: T[];
  meta: { total: number };
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
}

export type { LoginResponse, Me } from './actions/ums.js';

/** full_permissions of users/me: route → method → true (SPEC §6: grouped by route, then method). */
export type GroupedPermissions = Record<string, Record<string, boolean>>;
