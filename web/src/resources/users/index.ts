import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const users: ResourceDef = {
  name: resources.users.path,
  label: resources.users.label,
  icon: PeopleOutline,
  group: 'Administration',
  recordRepresentation: 'email',
  list: lazyScreen(() => import('./UserList'), 'UserList'),
  show: lazyScreen(() => import('./UserShow'), 'UserShow'),
  edit: lazyScreen(() => import('./UserEdit'), 'UserEdit'),
  create: lazyScreen(() => import('./UserCreate'), 'UserCreate'),
};
