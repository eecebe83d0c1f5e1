import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Link provider websites (issue 18 part 4): the list with prices in euro and the Freelancer search. */
export const linkProviderWebsites = defineScreens(resources.linkProviderWebsites, {
  icon: StorefrontOutlined,
  group: 'SEO and Tools',
  list: lazyScreen(() => import('./ProviderList'), 'ProviderList'),
});

/** Marketplaces links are bought through (menu-only in the SPEC): derived screens. */
export const marketplaceProviders = defineScreens(resources.marketplaceProviders, {
  icon: HandshakeOutlined,
  group: 'SEO and Tools',
});
