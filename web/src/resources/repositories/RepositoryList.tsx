import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { repositoryFilters } from './filters';

const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.text('repo', 'Repository'),
  col.link('url', 'URL'),
  col.text('branch', 'Branch'),
  col.bool('auto_deploy', 'Auto deploy'),
  col.bool('has_update', 'Has update'),
  col.count('websites_count', 'Websites', 'website', {
    resource: resources.websites.path,
    filter: (r) => ({ repository_id: r.id }),
  }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const RepositoryList = () => <ResourceList columns={columns} filters={repositoryFilters} />;
