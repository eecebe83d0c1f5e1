import { useCallback, useMemo, type MouseEvent, type ReactNode } from 'react';
import {
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableDataContext,
  useDataTableSelectedIdsContext,
  useDataTableStoreContext,
  useGetPathForRecordCallback,
  useNavigate,
  useResourceContext,
  useResourceDefinition,
  useStore,
  useTranslate,
} from 'react-admin';
import { ListRow, rowColumns } from './ListRow';

/**
 * The body of a list table (DataTable's `body`): the rows drawn as plain table rows and cells with the
 * classes of listTableStyles, one memoised row per record, and one click listener for all of them, where
 * react-admin's body mounts a styled TableRow, TableCell and Checkbox per row and cell. It keeps what the
 * rows do: row click (show, edit, a function, toggleSelection), the selection checkbox with shift-click
 * ranges, isRowSelectable, hover, the columns' order and hidden columns, and react-admin's class names.
 * Rows that expand use react-admin's own body (ListTable).
 */
export const ListRows = ({ children }: { children?: ReactNode }) => {
  const data = useDataTableDataContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const { handleToggleItem, isRowSelectable, rowClick } = useDataTableCallbacksContext();
  const { hasBulkActions, hover = true } = useDataTableConfigContext();
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hidden] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const resource = useResourceContext() ?? '';
  const { hasShow, hasEdit } = useResourceDefinition();
  const translate = useTranslate();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();

  const columns = useMemo(() => rowColumns(children, hidden), [children, hidden]);
  const clickable = typeof rowClick === 'undefined' ? hasShow || hasEdit : Boolean(rowClick);
  const rowClass = `sf-row RaDataTable-row${hover ? ' MuiTableRow-hover' : ''}${
    clickable ? ' RaDataTable-clickableRow' : ''
  }`;
  const label = translate('ra.action.select_row', { _: 'Select this row' });

  const onClick = useCallback(
    (event: MouseEvent<HTMLTableSectionElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      // a link in a cell goes where it points, never also where the row does
      if (!target || target.closest('a')) return;
      const record = data?.[Number(target.closest('tr')?.dataset.index)];
      if (!record) return;
      const open = async () => {
        const link = typeof rowClick === 'function' ? await rowClick(record.id, resource, record) : rowClick;
        if (link === 'toggleSelection') {
          if (!isRowSelectable || isRowSelectable(record)) handleToggleItem?.(record.id, event);
          return;
        }
        if (link === 'expand') return;
        const path = await getPathForRecord({ record, resource, link });
        if (path === false || path == null) return;
        navigate(path, { state: { _scrollToTop: true } });
      };
      void open();
    },
    [data, rowClick, resource, isRowSelectable, handleToggleItem, getPathForRecord, navigate],
  );

  return (
    <tbody className="MuiTableBody-root datatable-body RaDataTable-tbody" onClick={onClick}>
      {data?.map((record, index) => (
        <ListRow
          key={record.id ?? `row${index}`}
          record={record}
          index={index}
          columns={columns}
          className={rowClass}
          checkbox={
            !hasBulkActions || !handleToggleItem
              ? 'none'
              : !isRowSelectable || isRowSelectable(record)
                ? 'selectable'
                : 'disabled'
          }
          selected={Boolean(selectedIds?.includes(record.id))}
          checkboxLabel={label}
          toggle={handleToggleItem}
        />
      ))}
    </tbody>
  );
};
