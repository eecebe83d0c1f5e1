import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { installCountColumns } from '../plugins/columns';
import { websiteColumn } from '../wp-sites/columns';

export const themeColumns = screenColumns(resources.themes, [
  'name',
  'slug',
  ['template', { hidden: true }],
  'latest_version',
  'author_name',
  ...installCountColumns(resources.installedThemes.path, 'theme_id'),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

/** A theme's Installs tab. */
export const themeInstallColumns = screenColumns(resources.installedThemes, [
  websiteColumn,
  'installed_version',
  'active',
  'update_version',
  ['stylesheet', { hidden: true }],
  'synced_at',
]);
