import { LIMITS } from '@sitefleet/shared';
import { useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { List, useResourceContext, type RowClickFunction } from 'react-admin';
import { specOf } from '../../providers/writable';
import { BulkDelete } from './BulkDelete';
import { smallScreenColumns, visibleColumns, type ColumnDef } from './columns';
import { ListPagination } from './ListPagination';
import { ListToolbar } from './ListToolbar';
import type { FilterDef } from './filters/types';
import { ListTable } from './table/ListTable';
import { useColumnChoice } from './useColumnChoice';

export interface ResourceListProps {
  columns: readonly ColumnDef[];
  filters?: readonly FilterDef[];
  /** Columns for small screens; default: the first three visible ones. */
  smallScreen?: readonly string[];
  rowClick?: 'show' | 'edit' | false | RowClickFunction;
  title?: string | ReactElement;
  createLabel?: string;
  /** Extra buttons of the toolbar (before Columns / Export / Copy / Create). */
  actions?: ReactNode;
  /** Extra bulk actions shown before Delete when rows are selected. */
  bulkActions?: ReactNode;
  /** Drawn under a row the user expands (a post's content). */
  expand?: ReactElement;
  /** A filter every read adds, not shown as a chip (posts leave attachments out until filtered by type). */
  filter?: Record<string, unknown>;
}

const ListBody = ({
  columns,
  filters = [],
  smallScreen,
  rowClick = 'show',
  createLabel,
  actions,
  bulkActions,
  expand,
}: ResourceListProps) => {
  const resource = useResourceContext() ?? '';
  const spec = specOf(resource);
  const [choice, setChoice] = useColumnChoice(resource);
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const visible = visibleColumns(columns, choice);
  const shown = isSmall ? smallScreenColumns(visible, smallScreen) : visible;
  const canDelete = spec?.operations?.delete !== false;

  return (
    <>
      <ListToolbar
        columns={columns}
        visible={visible}
        filters={filters}
        onColumnsChange={setChoice}
        createLabel={createLabel}
        actions={actions}
      />
      <ListTable
        columns={shown}
        spec={spec}
        rowClick={rowClick}
        expand={expand}
        bulkActionButtons={
          bulkActions || canDelete ? (
            <>
              {bulkActions}
              {canDelete && <BulkDelete />}
            </>
          ) : (
            false
          )
        }
      />
    </>
  );
};

/**
 * The list every resource uses (SPEC §2.7): 25 rows a page (25/50/100), row click opens show, column
 * chooser, quick + advanced filters with chips, URL filter state, exports, copy, bulk delete, empty state.
 */
export const ResourceList = (props: ResourceListProps) => {
  const resource = useResourceContext() ?? '';
  const spec = specOf(resource);
  return (
    <List
      perPage={LIMITS.defaultPerPage}
      sort={spec?.defaultSort}
      filter={props.filter}
      actions={false}
      empty={false}
      exporter={false}
      title={props.title}
      pagination={<ListPagination />}
    >
      <ListBody {...props} />
    </List>
  );
};
