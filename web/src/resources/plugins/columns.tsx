import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { screenColumns } from '../../common/screens/columns';
import { websiteColumn } from '../wp-sites/columns';

type Row = Record<string, unknown>;

/** The installs counts the server computes for a plugin or a theme, each opening its installs. */
export function installCountColumns(installs: string, target: string): ColumnDef[] {
  const link = (filter: Record<string, unknown>) => ({
    resource: installs,
    filter: (r: Row) => ({ [target]: r.id, ...filter }),
  });
  return [
    col.count('total_installs', 'Installs', 'site', link({})),
    col.count('active_installs', 'Active', 'site', link({ active: true })),
    col.count('inactive_installs', 'Inactive', 'site', link({ active: false }), {
      sortable: false,
      hidden: true,
    }),
    col.count(
      'updates_available',
      'Updates available',
      'site',
      link({ update_version: { where_not_null: true } }),
    ),
  ];
}

export const pluginColumns = screenColumns(resources.plugins, [
  'name',
  'slug',
  'latest_version',
  'author_name',
  ['author', { hidden: true }],
  ...installCountColumns(resources.installedPlugins.path, 'plugin_id'),
  ['auto_update', { hidden: true }],
  ['public', { hidden: true }],
  ['source', { hidden: true }],
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

/** A plugin's Installs tab: which sites have it, which version, active, update available, synced. */
export const pluginInstallColumns = screenColumns(resources.installedPlugins, [
  websiteColumn,
  'installed_version',
  'active',
  'update_version',
  ['auto_update', { hidden: true }],
  ['plugin_file', { hidden: true }],
  'synced_at',
]);
