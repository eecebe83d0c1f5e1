import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { domainRefColumns } from '../domains/columns';

export const RegistrantShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="registrant_name" label="Registrant" />
        <RecordValue source="company" label="Company" />
        <RecordValue source="email" label="Email" />
        <RecordValue source="country" label="Country" />
        <RecordValue source="domains_count" label="Domains" />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="Domains" path="domains">
      <ReferenceList reference={resources.domains.path} target="registrant_id" columns={domainRefColumns} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
