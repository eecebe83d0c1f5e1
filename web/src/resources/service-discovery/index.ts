import HubOutlined from '@mui/icons-material/HubOutlined';
import { resources } from '@sitefleet/shared';
import { canSaveOf } from '../../common/screens/derive';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5 service discovery: list (Discover, Check services), show (Overview, Last check), create, edit. */
export const serviceDiscovery = defineScreens(resources.serviceDiscovery, {
  icon: HubOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./ServiceDiscoveryList'), 'ServiceDiscoveryList'),
  show: lazyScreen(() => import('./ServiceDiscoveryShow'), 'ServiceDiscoveryShow'),
  inputs: () => import('./ServiceDiscoveryInputs').then((m) => m.ServiceDiscoveryInputs),
  canSave: canSaveOf(resources.serviceDiscovery),
});
