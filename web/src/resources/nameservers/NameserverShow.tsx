import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { DerivedShow } from '../../common/screens/DerivedScreens';
import { domainRefColumns } from '../domains/columns';

/** A nameserver and the domains that use it (domains filtered by {nameservers: name}, SPEC §7.4). */
export const NameserverShow = () => (
  <DerivedShow more={[<RecordValue key="count" source="domains_count" label="Domains" />]}>
    <TabbedShowLayout.Tab label="Domains" path="domains">
      <ReferenceList
        reference={resources.domains.path}
        target="nameservers"
        source="nameserver"
        columns={domainRefColumns}
      />
    </TabbedShowLayout.Tab>
  </DerivedShow>
);
