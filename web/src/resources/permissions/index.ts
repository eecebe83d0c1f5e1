import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Read only: permission rows mirror the server's routes (list and show only). */
export const permissions: ResourceDef = {
  name: resources.permissions.path,
  label: resources.permissions.label,
  icon: VpnKeyOutlined,
  group: 'Administration',
  recordRepresentation: 'route',
  list: lazyScreen(() => import('./PermissionList'), 'PermissionList'),
  show: lazyScreen(() => import('./PermissionShow'), 'PermissionShow'),
};
