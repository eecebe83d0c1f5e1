import AnalyticsOutlined from '@mui/icons-material/AnalyticsOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list, show and edit; the import keeps the property, staff only pick its money site. */
export const gaProperties = defineScreens(resources.gaProperties, {
  icon: AnalyticsOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./GaPropertyList'), 'GaPropertyList'),
  inputs: () => import('./GaPropertyInputs').then((m) => m.GaPropertyInputs),
});
