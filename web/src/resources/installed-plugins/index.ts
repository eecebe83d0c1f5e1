import PowerOutlined from '@mui/icons-material/PowerOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Menu-only (SPEC §2.5): a plugin on a site as the last sync read it; the sync writes it. */
export const installedPlugins = defineScreens(resources.installedPlugins, {
  icon: PowerOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./InstalledPluginList'), 'InstalledPluginList'),
});
