import HistoryEdu from '@mui/icons-material/HistoryEduOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Read only: who signed in, was refused, revealed a secret, deleted or ran something, and when. */
export const auditLog = defineScreens(resources.auditLog, {
  icon: HistoryEdu,
  group: 'Administration',
  list: lazyScreen(() => import('./AuditLogList'), 'AuditLogList'),
});
