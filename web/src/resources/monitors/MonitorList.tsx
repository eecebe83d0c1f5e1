import { ResourceList } from '../../common/list/ResourceList';
import { monitorColumns } from './columns';
import { monitorFilters } from './filters';

export const MonitorList = () => (
  <ResourceList
    columns={monitorColumns}
    filters={monitorFilters}
    smallScreen={['friendly_name', 'status', 'last_check']}
  />
);
