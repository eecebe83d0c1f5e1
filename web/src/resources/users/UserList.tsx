import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { col } from '../../common/list/cells';
import { ResourceList } from '../../common/list/ResourceList';
import { userFilters } from './filters';

const columns = screenColumns(resources.users, [
  'name',
  'last_name',
  'email',
  'roles',
  col.chips('target_markets', 'Target markets'),
  'last_login',
  'disabled',
  ['last_activity', { hidden: true }],
  col.bool('adult', 'Adult content', { hidden: true }),
  col.chips('tags.languages', 'Languages', { hidden: true, sortable: false }),
  ['created_at', { hidden: true }],
  ['id', { hidden: true }],
]);

export const UserList = () => (
  <ResourceList columns={columns} filters={userFilters} smallScreen={['name', 'email', 'roles']} />
);
