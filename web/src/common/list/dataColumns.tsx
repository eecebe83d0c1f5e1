import type { ResourceSpec } from '@sitefleet/shared';
import { DataTable, type RaRecord } from 'react-admin';
import type { ColumnDef } from './columns';
import { getPath } from './export/exportRules';
import { CellText } from './table/cellParts';

const ALWAYS_SORTABLE = new Set(['id', 'created_at', 'updated_at']);

/** A column is sortable when it says so, or when the resource declares its field sortable. */
export function isSortable(column: ColumnDef, spec: ResourceSpec | undefined): boolean {
  return (
    column.sortable ?? Boolean(spec?.fields[column.source]?.sortable || ALWAYS_SORTABLE.has(column.source))
  );
}

/** A column's cell: its own renderer, else the value at `source` ('N/A' when missing). */
const cellOf = (column: ColumnDef) =>
  column.render ?? ((record: RaRecord) => <CellText value={getPath(record, column.source)} />);

/** The <DataTable.Col> elements of a list's columns (ListTable draws their cells). */
export function dataColumns(columns: readonly ColumnDef[], spec: ResourceSpec | undefined) {
  return columns.map((column) => (
    <DataTable.Col
      key={column.source}
      source={column.source}
      label={column.label}
      align={column.align}
      disableSort={!isSortable(column, spec)}
      render={cellOf(column)}
    />
  ));
}
