import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

/** Read only: registrants come from WhoIs refreshes. */
export const registrants: ResourceDef = {
  name: resources.registrants.path,
  label: resources.registrants.label,
  icon: BadgeOutlined,
  group: 'Websites',
  recordRepresentation: 'registrant_name',
  list: lazyScreen(() => import('./RegistrantList'), 'RegistrantList'),
  show: lazyScreen(() => import('./RegistrantShow'), 'RegistrantShow'),
};
