import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** No create: registrars come from WhoIs refreshes and imports. */
export const registrars = defineScreens(resources.registrars, {
  icon: StorefrontOutlined,
  group: 'Websites',
  list: lazyScreen(() => import('./RegistrarList'), 'RegistrarList'),
  show: lazyScreen(() => import('./RegistrarShow'), 'RegistrarShow'),
  inputs: () => import('./RegistrarInputs').then((m) => m.RegistrarInputs),
});
