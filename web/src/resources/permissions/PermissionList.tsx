import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { MethodChip } from '../roles/MethodChip';
import { PERMISSION_KIND_LABELS, permissionFilters } from './filters';

const columns = screenColumns(resources.permissions, [
  { ...col.text('method', 'Method'), render: (r) => <MethodChip method={String(r.method)} /> },
  'route',
  col.choice('kind', 'Kind', PERMISSION_KIND_LABELS),
  ['id', { hidden: true }],
]);

export const PermissionList = () => <ResourceList columns={columns} filters={permissionFilters} />;
