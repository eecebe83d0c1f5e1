import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list (the SPEC's columns) and show with tabs Overview and Websites; the sync writes them. */
export const wpUsers = defineScreens(resources.wpUsers, {
  icon: ManageAccountsOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./WpUserList'), 'WpUserList'),
  show: lazyScreen(() => import('./WpUserShow'), 'WpUserShow'),
});
