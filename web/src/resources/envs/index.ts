import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { resources } from '@sitefleet/shared';
import { lazyScreen, type ResourceDef } from '../types';

export const envs: ResourceDef = {
  name: resources.envs.path,
  label: resources.envs.label,
  icon: TuneOutlined,
  group: 'Servers',
  recordRepresentation: 'variable',
  list: lazyScreen(() => import('./EnvList'), 'EnvList'),
  show: lazyScreen(() => import('./EnvShow'), 'EnvShow'),
  edit: lazyScreen(() => import('./EnvEdit'), 'EnvEdit'),
  create: lazyScreen(() => import('./EnvCreate'), 'EnvCreate'),
};
