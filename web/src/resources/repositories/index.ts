import SourceOutlined from '@mui/icons-material/SourceOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const repositories = defineScreens(resources.repositories, {
  icon: SourceOutlined,
  group: 'Repositories',
  list: lazyScreen(() => import('./RepositoryList'), 'RepositoryList'),
  show: lazyScreen(() => import('./RepositoryShow'), 'RepositoryShow'),
  inputs: () => import('./RepositoryInputs').then((m) => m.RepositoryInputs),
});
