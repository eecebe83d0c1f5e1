import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { MethodChip } from '../roles/MethodChip';
import { PERMISSION_KIND_LABELS, permissionFilters } from './filters';

const columns: ColumnDef[] = [
  { ...col.text('method', 'Method'), render: (r) => <MethodChip method={String(r.method)} /> },
  col.text('route', 'Route'),
  col.choice('kind', 'Kind', PERMISSION_KIND_LABELS),
  col.text('id', 'ID', { hidden: true }),
];

export const PermissionList = () => <ResourceList columns={columns} filters={permissionFilters} />;
