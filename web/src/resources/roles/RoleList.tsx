import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { Chip } from '@mui/material';
import { ResourceList } from '../../common/list/ResourceList';
import { roleFilters } from './filters';
import { CREATE_ROLE } from './labels';

const count = (r: Record<string, unknown>) => (Array.isArray(r.permissions) ? r.permissions.length : 0);

const columns = screenColumns(resources.roles, [
  'name',
  'description',
  {
    source: 'permissions',
    label: 'Permissions',
    sortable: false,
    render: (r) => <Chip size="small" label={`${count(r)} permissions`} />,
    exportValue: (r) => count(r),
  },
  ['created_at', { hidden: true }],
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const RoleList = () => (
  <ResourceList columns={columns} filters={roleFilters} createLabel={CREATE_ROLE} />
);
