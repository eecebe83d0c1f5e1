import { ResourceList } from '../../common/list/ResourceList';
import { cronRunColumns } from './columns';
import { cronRunFilters } from './filters';

/** The runs of one service's commands (the resource context says which service). */
export const CronRunList = () => (
  <ResourceList
    columns={cronRunColumns}
    filters={cronRunFilters}
    smallScreen={['command', 'start_time', 'status']}
  />
);
