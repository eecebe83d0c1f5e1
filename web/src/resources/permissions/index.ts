import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Read only: permission rows mirror the server's routes (list and show only). */
export const permissions = defineScreens(resources.permissions, {
  icon: VpnKeyOutlined,
  group: 'Administration',
  list: lazyScreen(() => import('./PermissionList'), 'PermissionList'),
  show: lazyScreen(() => import('./PermissionShow'), 'PermissionShow'),
});
