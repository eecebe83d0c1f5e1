import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { col } from '../../common/list/cells';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { domainRefColumns } from '../domains/columns';

const nameserverColumns = [col.text('nameserver', 'Nameserver'), col.text('domains_count', 'Domains')];

const counts = [
  <RecordValue key="domains" source="domains_count" label="Domains" />,
  <RecordValue key="nameservers" source="nameservers_count" label="Nameservers" />,
];

export const RegistrarShow = () => (
  <DerivedShow more={counts}>
    <TabbedShowLayout.Tab label="Domains" path="domains">
      <ReferenceList reference={resources.domains.path} target="registrar_id" columns={domainRefColumns} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Nameservers" path="nameservers">
      <ReferenceList
        reference={resources.nameservers.path}
        target="registrar_id"
        columns={nameserverColumns}
      />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
