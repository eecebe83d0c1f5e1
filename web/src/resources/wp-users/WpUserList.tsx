import { resources } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { websiteColumn } from '../wp-sites/columns';

/** SPEC §2.5: login, nicename, display name, email, roles, url, registered, activation key, status, website. */
export const wpUserColumns = screenColumns(resources.wpUsers, [
  'user_login',
  'user_nicename',
  'display_name',
  'user_email',
  'roles',
  'user_url',
  'user_registered',
  ['user_activation_key', { sortable: false }],
  'user_status',
  websiteColumn,
  ['staff_user_id', { hidden: true }],
  ['id', { hidden: true }],
]);

const filters = screenFilters(resources.wpUsers, [
  ['user_login', { quick: true }],
  'user_email',
  'display_name',
  'user_nicename',
  'roles',
  'website_id',
  'user_status',
  'user_registered',
  'staff_user_id',
]);

export const WpUserList = () => (
  <ResourceList
    columns={wpUserColumns}
    filters={filters}
    smallScreen={['user_login', 'user_email', 'website_hostname']}
  />
);
