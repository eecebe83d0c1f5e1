import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const roles: ResourceDef = {
  name: resources.roles.path,
  label: resources.roles.label,
  icon: AdminPanelSettingsOutlined,
  group: 'Administration',
  recordRepresentation: 'name',
  list: lazyScreen(() => import('./RoleList'), 'RoleList'),
  show: lazyScreen(() => import('./RoleShow'), 'RoleShow'),
  edit: lazyScreen(() => import('./RoleEdit'), 'RoleEdit'),
  create: lazyScreen(() => import('./RoleCreate'), 'RoleCreate'),
};
