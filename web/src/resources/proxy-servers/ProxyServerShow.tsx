import { TabbedShowLayout } from 'react-admin';
import { RecordValue } from '../../common/fields/RecordValue';
import { SecretField } from '../../common/fields/SecretField';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';

export const ProxyServerShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section label={false}>
        <RecordValue source="name" label="Name" />
        <RecordValue source="ip_address" label="IP address" />
        <RecordValue source="port" label="Port" />
        <RecordValue source="username" label="Username" />
        <SecretField source="password" label="Password" />
        <RecordValue source="country" label="Country" />
        <RecordValue source="banned_exp_dms" label="Banned until" kind="time" />
      </Section>
    </TabbedShowLayout.Tab>
  </RecordShow>
);
