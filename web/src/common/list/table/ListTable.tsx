import type { ResourceSpec } from '@sitefleet/shared';
import { isValidElement, useMemo, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { DataTable, useListContext, useNavigate, type RowClickFunction } from 'react-admin';
import { useHref } from 'react-router-dom';
import type { ColumnDef } from '../columns';
import { dataColumns } from '../dataColumns';
import { NoRows } from '../NoRows';
import { CellNavContext, type CellNav } from './cellParts';
import { ListRows } from './ListRows';
import { ReferenceBatch } from './references';
import { SelectionToolbar } from './SelectionToolbar';
import { listTableStyles } from './tableStyles';
import { useTableTooltip } from './TableTooltip';

export interface ListTableProps {
  columns: readonly ColumnDef[];
  spec: ResourceSpec | undefined;
  rowClick?: 'show' | 'edit' | false | RowClickFunction;
  bulkActionButtons?: ReactNode;
  /** Drawn under a row the user expands; such tables keep react-admin's own rows. */
  expand?: ReactElement;
}

/** Cell links go through the router, as react-router's Link does (a plain left click), and never open the row. */
function useCellNav(): CellNav {
  const base = useHref('/');
  const navigate = useNavigate();
  return useMemo(
    () => ({
      href: (to: string) => `${base}${to.replace(/^\//, '')}`,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        event.stopPropagation();
        const to = event.currentTarget.dataset.to;
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        if (!to || event.button !== 0 || modified || event.defaultPrevented) return;
        event.preventDefault();
        navigate(to);
      },
    }),
    [base, navigate],
  );
}

/**
 * The table of every list (resource lists, record tabs' reference lists, the websites tabs): react-admin's
 * DataTable for the header, sorting, selection and bulk actions, with rows drawn by ListRows and cells
 * styled once for the table (listTableStyles) instead of per cell. Around it: the columns' scopes (what
 * their cells read once for the table), one get-many per reference column, one tooltip for all cells.
 */
export const ListTable = ({ columns, spec, rowClick, bulkActionButtons, expand }: ListTableProps) => {
  const { data } = useListContext();
  const nav = useCellNav();
  const { handlers, tooltip } = useTableTooltip(data);
  // the same column elements while the columns stay: a selection or a refetch redraws no row that kept its record
  const cols = useMemo(() => dataColumns(columns, spec), [columns, spec]);
  let table: ReactNode = (
    <CellNavContext.Provider value={nav}>
      <DataTable
        rowClick={rowClick}
        empty={<NoRows />}
        expand={expand}
        body={expand ? undefined : ListRows}
        bulkActionButtons={bulkActionButtons}
        bulkActionsToolbar={
          isValidElement(bulkActionButtons) ? (
            <SelectionToolbar>{bulkActionButtons}</SelectionToolbar>
          ) : undefined
        }
        sx={listTableStyles}
        {...handlers}
      >
        {cols}
      </DataTable>
      {tooltip}
    </CellNavContext.Provider>
  );
  for (const column of columns) {
    if (column.reference)
      table = (
        <ReferenceBatch source={column.source} reference={column.reference.resource}>
          {table}
        </ReferenceBatch>
      );
    if (column.Scope) table = <column.Scope>{table}</column.Scope>;
  }
  return table;
};
