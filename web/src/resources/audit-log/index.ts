import HistoryEdu from '@mui/icons-material/HistoryEduOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Read only: who signed in, was refused, revealed a secret, deleted or ran something, and when. */
export const auditLog: ResourceDef = {
  name: resources.auditLog.path,
  label: resources.auditLog.label,
  icon: HistoryEdu,
  group: 'Administration',
  recordRepresentation: 'action',
  list: lazyScreen(() => import('./AuditLogList'), 'AuditLogList'),
  show: lazyScreen(() => import('./AuditLogShow'), 'AuditLogShow'),
};
