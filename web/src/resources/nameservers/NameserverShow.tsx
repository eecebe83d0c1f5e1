import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { domainRefColumns } from '../domains/columns';

/** A nameserver and the domains that use it (domains filtered by {nameservers: name}, SPEC §7.4). */
export const NameserverShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="nameserver" label="Nameserver" />
        <ReferenceLink
          source="registrar_id"
          label="Registrar"
          reference={resources.registrars.path}
          optionText="registrar"
        />
        <RecordValue source="domains_count" label="Domains" />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Domains" path="domains">
      <ReferenceList
        reference={resources.domains.path}
        target="nameservers"
        source="nameserver"
        columns={domainRefColumns}
      />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
