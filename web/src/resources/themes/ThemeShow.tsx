import { resources } from '@sitefleet/shared';
import { InstallsShow } from '../plugins/InstallsShow';
import { themeInstallColumns } from './columns';

/** SPEC §2.5: a theme, read-only: Overview and Installs. */
export const ThemeShow = () => (
  <InstallsShow
    installs={{
      reference: resources.installedThemes.path,
      target: 'theme_id',
      columns: themeInstallColumns,
      rowClick: false,
    }}
  />
);
