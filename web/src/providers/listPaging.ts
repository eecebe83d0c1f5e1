import type { PageCursors, TotalKind } from '@sitefleet/shared';

/** The query-string parameters of one list request, as the data provider sends them. */
export type ListQueryParams = {
  page: number;
  perPage: number;
  sortBy?: string;
  sortOrder?: string;
  filter?: string;
};

/** The meta react-admin keeps with a list page (its ListContext `meta`): how far the total can be trusted. */
export interface ListPageMeta {
  totalKind: TotalKind;
}

const REMEMBERED = 100;

/** One list query apart from its page: the same key means the same rows in the same order. */
export function listKey(resource: string, q: ListQueryParams): string {
  return JSON.stringify([resource, q.sortBy ?? '', q.sortOrder ?? '', q.filter ?? '', q.perPage]);
}

/**
 * What the console remembers of the lists it read: per query (resource, sort, filter, perPage), the page it
 * loaded last with that page's keyset cursors, so the next or previous page is asked for `after` / `before`
 * a cursor instead of by OFFSET; and which queries the user asked to count exactly.
 */
export class ListPaging {
  private readonly last = new Map<string, { page: number; cursors: PageCursors }>();
  private readonly exact = new Set<string>();
  private readonly exactNext = new Set<string>();

  /** The cursor parameter for moving to `page` of the query: only from the page right next to it. */
  seek(key: string, page: number): { after: string } | { before: string } | Record<string, never> {
    const from = this.last.get(key);
    if (!from) return {};
    if (page === from.page + 1) return { after: from.cursors.last };
    if (page === from.page - 1) return { before: from.cursors.first };
    return {};
  }

  /** Keeps the page just loaded (the oldest query is forgotten past a bound). */
  remember(key: string, page: number, cursors: PageCursors | null | undefined): void {
    this.last.delete(key);
    if (!cursors) return;
    this.last.set(key, { page, cursors });
    if (this.last.size > REMEMBERED) this.last.delete(this.last.keys().next().value!);
  }

  /** The next read of `resource` counts exactly, and so does every later read of that same query. */
  countExactly(resource: string): void {
    this.exactNext.add(resource);
  }

  /** Whether this read should count exactly (consuming a pending request for its resource). */
  isExact(resource: string, key: string): boolean {
    if (this.exactNext.delete(resource)) {
      this.exact.add(key);
      if (this.exact.size > REMEMBERED) this.exact.delete(this.exact.values().next().value!);
    }
    return this.exact.has(key);
  }
}
