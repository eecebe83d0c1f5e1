import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { auditLogFilters } from './filters';

/** What happened, as one line: `{"field":"remote_desktop.password"}` (never a secret's value). */
const detailText = (r: Record<string, unknown>) =>
  r.detail && typeof r.detail === 'object' && Object.keys(r.detail).length ? JSON.stringify(r.detail) : '';

const columns = screenColumns(resources.auditLog, [
  'at',
  'actor_id',
  'action',
  'target',
  {
    ...col.text('detail', 'Detail', { sortable: false }),
    render: (r) => detailText(r),
    exportValue: detailText,
  },
  'ip',
  ['id', { hidden: true }],
]);

export const AuditLogList = () => (
  <ResourceList columns={columns} filters={auditLogFilters} smallScreen={['at', 'action', 'target']} />
);
