import { LIMITS } from '@sitefleet/shared';
import type { DataProvider, SortPayload } from 'react-admin';
import type { ExportColumn, RefLookup } from './exportRules';

export interface ListQuery {
  resource: string;
  sort: SortPayload;
  filter: Record<string, unknown>;
}

/** The list's rows as filtered and sorted on screen, up to the export limit (SPEC §9: 5000). */
export async function fetchRows(dataProvider: DataProvider, query: ListQuery) {
  const { data } = await dataProvider.getList(query.resource, {
    pagination: { page: 1, perPage: LIMITS.exportMax },
    sort: query.sort,
    filter: query.filter,
  });
  return data as Array<Record<string, unknown>>;
}

/** Names of the records that the rows' reference columns point at. */
export async function fetchReferences(
  dataProvider: DataProvider,
  columns: readonly ExportColumn[],
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<RefLookup> {
  const refs: RefLookup = {};
  for (const column of columns) {
    if (!column.reference) continue;
    const ids = new Set<string | number>();
    for (const row of rows) {
      const value = row[column.source];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id === 'string' || typeof id === 'number') ids.add(id);
      }
    }
    if (ids.size === 0) continue;
    const { data } = await dataProvider.getMany(column.reference.resource, { ids: [...ids] });
    const names = (refs[column.reference.resource] ??= {});
    for (const record of data)
      names[String(record.id)] = String(record[column.reference.optionText] ?? record.id);
  }
  return refs;
}
