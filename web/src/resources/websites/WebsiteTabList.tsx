import { LIMITS, resources } from '@sitefleet/shared';
import type { ReactNode } from 'react';
import { List, Pagination, type SortPayload } from 'react-admin';
import type { ColumnDef } from '../../common/list/columns';
import { FilterToolbar } from '../../common/list/ListToolbar';
import { ListTable } from '../../common/list/table/ListTable';
import { specOf } from '../../providers/writable';
import type { FilterDef } from '../../common/list/filters/types';
import { websiteFilters } from './filters';

const WEBSITES = resources.websites.path;

interface Props {
  /** Where the tab keeps its page, sort and filters (apart from the Websites tab's, which own the URL). */
  storeKey: string;
  title: string;
  columns: ColumnDef[];
  sort?: SortPayload;
  /** A filter the tab always applies (the user's filters come on top). */
  filter?: Record<string, unknown>;
  /** Wraps the table (a provider the rows' cells read). */
  wrap?: (table: ReactNode) => ReactNode;
  /** Another declaration over the websites (its own computed figures and filters); default the websites. */
  resource?: string;
  filters?: readonly FilterDef[];
}

/** A tab of the websites list (SPEC §2.5): the websites with the tab's own columns, sort and fixed filter. */
export const WebsiteTabList = ({
  storeKey,
  title,
  columns,
  sort,
  filter,
  wrap = (t) => t,
  resource = WEBSITES,
  filters = websiteFilters,
}: Props) => (
  <List
    resource={resource}
    disableSyncWithLocation
    storeKey={storeKey}
    perPage={LIMITS.defaultPerPage}
    sort={sort ?? specOf(resource)?.defaultSort}
    {...(filter ? { filter } : {})}
    actions={false}
    empty={false}
    exporter={false}
    title={`Websites · ${title}`}
    pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
  >
    <FilterToolbar filters={filters} />
    {wrap(
      <ListTable
        columns={columns}
        spec={specOf(resource)}
        rowClick={(id) => `/${WEBSITES}/${String(id)}/show`}
        bulkActionButtons={false}
      />,
    )}
  </List>
);
