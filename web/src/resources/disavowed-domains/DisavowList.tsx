import { resources } from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { derivedColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { ExportDisavowButton } from './ExportDisavowButton';

const columns = derivedColumns(resources.disavowedDomains);
const filters = screenFilters(resources.disavowedDomains);

/** SPEC §2.5 disavowed-domains: the entries of every website; one website's list downloads as a disavow file. */
export const DisavowList = () => (
  <ResourceList columns={columns} filters={filters} actions={<ExportDisavowButton />} />
);
