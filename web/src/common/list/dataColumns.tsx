import type { ResourceSpec } from '@sitefleet/shared';
import { DataTable, useRecordContext } from 'react-admin';
import { TextValue } from '../fields/Values';
import type { ColumnDef } from './columns';
import { getPath } from './export/exportRules';

const ALWAYS_SORTABLE = new Set(['id', 'created_at', 'updated_at']);

const Cell = ({ column }: { column: ColumnDef }) => {
  const record = useRecordContext();
  if (!record) return null;
  return column.render ? <>{column.render(record)}</> : <TextValue value={getPath(record, column.source)} />;
};

/** A column is sortable when it says so, or when the resource declares its field sortable. */
export function isSortable(column: ColumnDef, spec: ResourceSpec | undefined): boolean {
  return (
    column.sortable ?? Boolean(spec?.fields[column.source]?.sortable || ALWAYS_SORTABLE.has(column.source))
  );
}

/** The <DataTable.Col> elements of a list's columns (resource lists and reference lists alike). */
export function dataColumns(columns: readonly ColumnDef[], spec: ResourceSpec | undefined) {
  return columns.map((column) => (
    <DataTable.Col
      key={column.source}
      source={column.source}
      label={column.label}
      align={column.align}
      disableSort={!isSortable(column, spec)}
    >
      <Cell column={column} />
    </DataTable.Col>
  ));
}
