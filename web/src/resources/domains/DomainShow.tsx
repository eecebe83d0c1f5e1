import { resources } from '@sitefleet/shared';
import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { DomainDns } from './DomainDns';
import { DomainWhois } from './DomainWhois';

export const DomainShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="unicode_name" label="Name" />
        <RecordValue source="name" label="ASCII name" />
        <ReferenceLink
          source="website_id"
          label="Website"
          reference={resources.websites.path}
          optionText="hostname"
        />
        <RecordValue source="deindexed" label="Deindexed" kind="boolean" />
        <RecordValue source="expiration_alerts" label="Expiration alerts" kind="boolean" />
        <RecordValue source="whois_protected" label="WhoIs protected" kind="boolean" />
        <RecordValue source="auto_renew" label="Auto renew" kind="boolean" />
        <RecordValue source="pulled_from" label="Pulled from" />
        <RecordValue source="expiration_date" label="Expiration date" kind="date" />
        <RecordValue source="notes" label="Notes" kind="multiline" wide />
      </Section>
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="WhoIs" path="whois">
      <DomainWhois label={false} />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="DNS" path="dns">
      <DomainDns label={false} />
    </TabbedShowLayout.Tab>
  </RecordShow>
);
