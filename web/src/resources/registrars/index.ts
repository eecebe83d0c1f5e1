import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** No create: registrars come from WhoIs refreshes and imports. */
export const registrars: ResourceDef = {
  name: resources.registrars.path,
  label: resources.registrars.label,
  icon: StorefrontOutlined,
  group: 'Websites',
  recordRepresentation: 'registrar',
  list: lazyScreen(() => import('./RegistrarList'), 'RegistrarList'),
  show: lazyScreen(() => import('./RegistrarShow'), 'RegistrarShow'),
  edit: lazyScreen(() => import('./RegistrarEdit'), 'RegistrarEdit'),
};
