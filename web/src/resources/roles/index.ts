import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { CREATE_ROLE } from './labels';

export const roles = defineScreens(resources.roles, {
  icon: AdminPanelSettingsOutlined,
  group: 'Administration',
  list: lazyScreen(() => import('./RoleList'), 'RoleList'),
  show: lazyScreen(() => import('./RoleShow'), 'RoleShow'),
  inputs: () => import('./RoleInputs').then((m) => m.RoleInputs),
  createTitle: CREATE_ROLE,
});
