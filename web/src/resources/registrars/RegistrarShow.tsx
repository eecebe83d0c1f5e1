import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { col } from '../../common/list/cells';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { domainRefColumns } from '../domains/columns';

const nameserverColumns = [col.text('nameserver', 'Nameserver'), col.text('domains_count', 'Domains')];

export const RegistrarShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="registrar" label="Registrar" />
        <RecordValue source="homepage" label="Homepage" kind="link" />
        <RecordValue source="iana_id" label="IANA ID" />
        <RecordValue source="nameserver_domain_names" label="Nameserver domains" kind="chips" />
        <RecordValue source="other_registrar_names" label="Other names" kind="chips" />
        <RecordValue source="domains_count" label="Domains" />
        <RecordValue source="nameservers_count" label="Nameservers" />
      </Section>
    </TabbedShowLayout.Tab>
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
  </RecordShow>
);
