import { Chip } from '@mui/material';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { roleFilters } from './filters';
import { CREATE_ROLE } from './labels';

const count = (r: Record<string, unknown>) => (Array.isArray(r.permissions) ? r.permissions.length : 0);

const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.text('description', 'Description'),
  {
    source: 'permissions',
    label: 'Permissions',
    sortable: false,
    render: (r) => <Chip size="small" label={`${count(r)} permissions`} />,
    exportValue: (r) => count(r),
  },
  col.time('created_at', 'Created at', { hidden: true }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const RoleList = () => (
  <ResourceList columns={columns} filters={roleFilters} createLabel={CREATE_ROLE} />
);
