import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list with bulk Merge, show with Overview, Installs and Bulk Actions; create and edit derived. */
export const plugins = defineScreens(resources.plugins, {
  icon: ExtensionOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./PluginList'), 'PluginList'),
  show: lazyScreen(() => import('./PluginShow'), 'PluginShow'),
});
