import PeopleOutline from '@mui/icons-material/PeopleOutline';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { passwordsMatch } from './passwordRules';

export const users = defineScreens(resources.users, {
  icon: PeopleOutline,
  group: 'Administration',
  list: lazyScreen(() => import('./UserList'), 'UserList'),
  show: lazyScreen(() => import('./UserShow'), 'UserShow'),
  inputs: () => import('./UserInputs').then((m) => m.UserInputs),
  canSave: passwordsMatch,
});
