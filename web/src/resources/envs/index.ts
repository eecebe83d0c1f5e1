import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';

export const envs = defineScreens(resources.envs, {
  icon: TuneOutlined,
  group: 'Servers',
  list: lazyScreen(() => import('./EnvList'), 'EnvList'),
  show: lazyScreen(() => import('./EnvShow'), 'EnvShow'),
  inputs: () => import('./EnvInputs').then((m) => m.EnvInputs),
});
