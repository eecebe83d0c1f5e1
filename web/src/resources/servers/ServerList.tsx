import { ResourceList } from '../../common/list/ResourceList';
import { serverColumns } from './columns';
import { serverFilters } from './filters';

/** SPEC §2.5 lists the tabs Servers, OpCache and Service Status; the last two come with their own issues. */
export const ServerList = () => (
  <ResourceList columns={serverColumns} filters={serverFilters} smallScreen={['name', 'main_ip', 'type']} />
);
