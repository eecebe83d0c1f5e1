import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** Menu-only (SPEC §2.5): the sitemaps update-sitemap last read. */
export const sitemaps = defineScreens(resources.sitemaps, {
  icon: AccountTreeOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./SitemapList'), 'SitemapList'),
});
