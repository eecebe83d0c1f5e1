import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import { resources } from '@sitefleet/shared';
import { defineScreens, lazyScreen } from '../types';
import { canSaveTask } from './rules';

/** Tasks of the content team (docs/tasks.md): a board and a list, show with history, create, edit. */
export const tasks = defineScreens(resources.tasks, {
  icon: ViewKanbanOutlined,
  group: 'SEO and Tools',
  createTitle: 'New task',
  list: lazyScreen(() => import('./TaskList'), 'TaskList'),
  show: lazyScreen(() => import('./TaskShow'), 'TaskShow'),
  inputs: () => import('./TaskInputs').then((m) => m.TaskInputs),
  canSave: canSaveTask,
});
