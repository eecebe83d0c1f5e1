import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { canSaveContent } from './rules';

/** SPEC §2.5 open-ai-content: list, show (Regenerate, Publish to WordPress), create, edit. */
export const openAiContent = defineScreens(resources.openAiContent, {
  icon: ArticleOutlined,
  group: 'SEO and Tools',
  createTitle: 'New AI article',
  list: lazyScreen(() => import('./OpenAiContentList'), 'OpenAiContentList'),
  show: lazyScreen(() => import('./OpenAiContentShow'), 'OpenAiContentShow'),
  inputs: () => import('./OpenAiContentInputs').then((m) => m.OpenAiContentInputs),
  canSave: canSaveContent,
});
