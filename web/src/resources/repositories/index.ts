import SourceOutlined from '@mui/icons-material/SourceOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const repositories: ResourceDef = {
  name: resources.repositories.path,
  label: resources.repositories.label,
  icon: SourceOutlined,
  group: 'Repositories',
  recordRepresentation: 'name',
  list: lazyScreen(() => import('./RepositoryList'), 'RepositoryList'),
  show: lazyScreen(() => import('./RepositoryShow'), 'RepositoryShow'),
  edit: lazyScreen(() => import('./RepositoryEdit'), 'RepositoryEdit'),
  create: lazyScreen(() => import('./RepositoryCreate'), 'RepositoryCreate'),
};
