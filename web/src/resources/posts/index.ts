import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

/** SPEC §2.5: list with expandable content (attachments hidden until filtered by type), show. */
export const posts = defineScreens(resources.posts, {
  icon: ArticleOutlined,
  group: 'Wordpress',
  list: lazyScreen(() => import('./PostList'), 'PostList'),
  show: lazyScreen(() => import('./PostShow'), 'PostShow'),
});
