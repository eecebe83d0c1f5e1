import { resources } from '@sitefleet/shared';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { ResourceList } from '../../common/list/ResourceList';
import { userFilters } from './filters';

const columns: ColumnDef[] = [
  col.text('name', 'Name'),
  col.text('last_name', 'Last name'),
  col.text('email', 'Email'),
  col.references('roles', 'Roles', resources.roles.path),
  col.chips('target_markets', 'Target markets'),
  col.time('last_login', 'Last login'),
  col.bool('disabled', 'Disabled'),
  col.time('last_activity', 'Last activity', { hidden: true }),
  col.bool('adult', 'Adult content', { hidden: true }),
  col.chips('tags.languages', 'Languages', { hidden: true, sortable: false }),
  col.time('created_at', 'Created at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

export const UserList = () => (
  <ResourceList columns={columns} filters={userFilters} smallScreen={['name', 'email', 'roles']} />
);
