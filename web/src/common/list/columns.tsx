import type { ComponentType, ReactNode } from 'react';
import type { ExportColumn } from './export/exportRules';

/**
 * One list column, declared once and used by the table, the column chooser, the small-screen view and
 * the exports. `render` draws the cell (record context is available inside it); without it the value
 * at `source` is shown, 'N/A' when missing.
 */
export interface ColumnDef<R extends Record<string, unknown> = Record<string, unknown>> extends ExportColumn {
  render?: (record: R) => ReactNode;
  sortable?: boolean;
  /** Hidden until the user picks it in the column chooser. */
  hidden?: boolean;
  align?: 'left' | 'right' | 'center';
  /**
   * What the column's cells read once for the whole table (a context provider), mounted around the
   * table by ListTable: a hook that a cell would otherwise call in each of 100 rows.
   */
  Scope?: ComponentType<{ children: ReactNode }>;
}

/** Default visible sources, in declaration order. */
export function defaultVisible(columns: readonly ColumnDef[]): string[] {
  return columns.filter((c) => !c.hidden).map((c) => c.source);
}

/** The visible columns, in declaration order; a stored choice naming no known column falls back. */
export function visibleColumns<C extends ColumnDef>(
  columns: readonly C[],
  chosen: readonly string[] | undefined,
): C[] {
  const picked = chosen ? columns.filter((c) => chosen.includes(c.source)) : [];
  return picked.length ? picked : columns.filter((c) => !c.hidden);
}

/** SPEC §2.7: small screens show only the first three columns, or a given list. */
export function smallScreenColumns<C extends ColumnDef>(
  visible: readonly C[],
  preferred?: readonly string[],
): C[] {
  if (preferred?.length) {
    const chosen = visible.filter((c) => preferred.includes(c.source));
    if (chosen.length) return chosen;
  }
  return visible.slice(0, 3);
}
