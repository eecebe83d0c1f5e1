import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { auditLogFilters } from './filters';

/** What happened, as one line: `{"field":"remote_desktop.password"}` (never a secret's value). */
const detailText = (r: Record<string, unknown>) =>
  r.detail && typeof r.detail === 'object' && Object.keys(r.detail).length ? JSON.stringify(r.detail) : '';

const columns: ColumnDef[] = [
  col.time('at', 'When'),
  col.reference('actor_id', 'Actor', resources.users.path, 'email'),
  col.text('action', 'Action'),
  col.text('target', 'Target'),
  {
    ...col.text('detail', 'Detail', { sortable: false }),
    render: (r) => detailText(r),
    exportValue: detailText,
  },
  col.text('ip', 'IP'),
  col.text('id', 'ID', { hidden: true }),
];

export const AuditLogList = () => (
  <ResourceList columns={columns} filters={auditLogFilters} smallScreen={['at', 'action', 'target']} />
);
