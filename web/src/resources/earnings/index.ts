import PaidOutlined from '@mui/icons-material/PaidOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Menu-only (SPEC §2.5): the affiliate conversions per site and day, read only. */
export const earnings = defineScreens(resources.earnings, {
  icon: PaidOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./EarningList'), 'EarningList'),
});
