import { actions } from '@sitefleet/shared';
import { usePermissions } from 'react-admin';
import { pluralise } from '../../common/fields/CountChip';
import { BulkMergeButton } from '../../common/list/BulkMergeButton';
import { ResourceList } from '../../common/list/ResourceList';
import { callAction } from '../../providers/actions';
import { mayCall, NO_PERMISSIONS, type Permissions } from '../../providers/permissions';
import { pluginColumns } from './columns';
import { pluginFilters } from './filters';

/** POST …/plugins/{keep}/merge?ids=… (SPEC §7.4): installs move to the kept plugin. */
export const mergePlugins = (keepId: unknown, ids: readonly unknown[]) =>
  callAction(actions.wordpress.mergePlugins, {
    params: { id: String(keepId) },
    query: { ids: ids.join(',') },
  });

/** SPEC §2.5: plugins list with bulk Merge. */
export const PluginList = () => {
  const { permissions } = usePermissions<Permissions>();
  const canMerge = mayCall(permissions ?? NO_PERMISSIONS, actions.wordpress.mergePlugins);
  return (
    <ResourceList
      columns={pluginColumns}
      filters={pluginFilters}
      smallScreen={['name', 'total_installs', 'updates_available']}
      bulkActions={
        canMerge ? (
          <BulkMergeButton
            optionText="name"
            countSource="total_installs"
            countNoun="install"
            merge={mergePlugins}
            describe={(meta, kept) =>
              `Merged into ${String(kept.name)}: ${pluralise(Number(meta.moved_installs ?? 0), 'install')} moved`
            }
          />
        ) : undefined
      }
    />
  );
};
