import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import { resources } from '@sitefleet/shared';
import { registerSpec } from '../../providers/writable';
import { defineScreens, lazyScreen } from '../types';

// Installs have no screens of their own, only the Installs tabs, which read their declaration.
registerSpec(resources.installedThemes);

/** SPEC §2.5: list and show (Overview, Installs), read only: the sync keeps themes. */
export const themes = defineScreens(resources.themes, {
  icon: PaletteOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./ThemeList'), 'ThemeList'),
  show: lazyScreen(() => import('./ThemeShow'), 'ThemeShow'),
});
