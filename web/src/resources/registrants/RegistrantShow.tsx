import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { domainRefColumns } from '../domains/columns';

export const RegistrantShow = () => (
  <DerivedShow more={[<RecordValue key="count" source="domains_count" label="Domains" />]}>
    <TabbedShowLayout.Tab label="Domains" path="domains">
      <ReferenceList reference={resources.domains.path} target="registrant_id" columns={domainRefColumns} />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
