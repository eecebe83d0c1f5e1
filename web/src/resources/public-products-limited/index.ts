import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: a list only; a row opens that site's one-click admin login. */
export const publicProductsLimited = defineScreens(resources.publicProductsLimited, {
  icon: StorefrontOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./PublicProductList'), 'PublicProductList'),
});
