import { lazy } from 'react';
import { ListTabs } from '../../common/list/ListTabs';
import { ResourceList } from '../../common/list/ResourceList';
import { taskColumns, taskFilters } from './columns';

const TaskBoard = lazy(() => import('./board/TaskBoard').then((m) => ({ default: m.TaskBoard })));

/** Tasks: the board (a column per status) first, where the team works, and the list with every filter. */
export const TaskList = () => (
  <ListTabs
    tabs={[
      { id: 'board', label: 'Board', content: <TaskBoard /> },
      {
        id: 'list',
        label: 'List',
        content: (
          <ResourceList
            columns={taskColumns}
            filters={taskFilters}
            smallScreen={['title', 'status', 'due_date']}
            createLabel="New task"
          />
        ),
      },
    ]}
  />
);
