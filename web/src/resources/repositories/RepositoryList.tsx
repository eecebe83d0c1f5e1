import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { repositoryFilters } from './filters';

const columns = screenColumns(resources.repositories, [
  'name',
  'repo',
  'url',
  'branch',
  'auto_deploy',
  'has_update',
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ repository_id: r.id }),
  }),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const RepositoryList = () => <ResourceList columns={columns} filters={repositoryFilters} />;
