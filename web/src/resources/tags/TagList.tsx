import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { tagFilters } from './filters';

const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.time('created_at', 'Created at'),
  col.time('updated_at', 'Updated at'),
  col.text('id', 'ID', { hidden: true }),
];

export const TagList = () => <ResourceList columns={columns} filters={tagFilters} />;
