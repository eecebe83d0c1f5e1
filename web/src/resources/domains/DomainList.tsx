import { ResourceList } from '../../common/list/ResourceList';
import { domainColumns } from './columns';
import { domainFilters } from './filters';
import { DomainImportButton } from './import/DomainImportButton';

export const DomainList = () => (
  <ResourceList
    columns={domainColumns}
    filters={domainFilters}
    actions={<DomainImportButton />}
    smallScreen={['name', 'expiration_date', 'registrar_id']}
  />
);
