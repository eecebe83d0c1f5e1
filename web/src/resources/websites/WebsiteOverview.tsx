import { Stack } from '@mui/material';
import { resources, WEBSITE_STATUS_LABELS } from '@sitefleet/shared';
import { ChipField, ReferenceArrayField, SingleFieldList, useRecordContext } from 'react-admin';
import { IssuesChip } from '../../common/fields/IssuesChip';
import { RecordLink } from '../../common/fields/RecordLink';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { SecretField } from '../../common/fields/SecretField';
import { NAText } from '../../common/fields/NA';
import { Section } from '../../common/record/Section';
import { STATUS_COLORS, TYPE_LABELS } from './labels';

const Issues = (_: { label: string }) => {
  const record = useRecordContext();
  return <IssuesChip alerts={record?.alerts} errors={record?.errors} />;
};

const Domain = (_: { label: string }) => {
  const domain = useRecordContext()?.domain as { id: number; unicode_name: string } | null | undefined;
  return <RecordLink resource={resources.domains.path} id={domain?.id} text={domain?.unicode_name} />;
};

const Tags = (_: { label: string }) => {
  const record = useRecordContext();
  if (!Array.isArray(record?.tags) || record.tags.length === 0) return <NAText />;
  return (
    <ReferenceArrayField source="tags" reference={resources.tags.path}>
      <SingleFieldList linkType="show">
        <ChipField source="name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
};

/** The site itself and where it is hosted. */
export const WebsiteOverview = (_: { label: false }) => (
  <Stack spacing={3}>
    <Section title="Site">
      <RecordValue source="url" label="URL" kind="link" />
      <RecordValue source="hostname" label="Hostname" />
      <RecordValue source="friendly_name" label="Friendly name" />
      <RecordValue source="type" label="Type" kind="choice" labels={TYPE_LABELS} />
      <RecordValue
        source="status"
        label="Status"
        kind="choice"
        labels={WEBSITE_STATUS_LABELS}
        colors={STATUS_COLORS}
      />
      <RecordValue source="target_market" label="Target market" />
      <ReferenceLink
        source="user_id"
        label="Product owner"
        reference={resources.users.path}
        optionText="email"
      />
      <Issues label="Alerts / Errors" />
      <Tags label="Tags" />
      <RecordValue source="uptime_robot_keyword" label="Uptime Robot keyword" />
      <RecordValue source="no_new_backlinks_threshold" label="No new backlinks threshold (days)" />
      <RecordValue source="has_captcha" label="Has captcha" kind="boolean" />
      <RecordValue source="notes" label="Notes" kind="multiline" wide />
    </Section>
    <Section title="Hosting">
      <Domain label="Domain" />
      <ReferenceLink source="server_id" label="Server" reference={resources.servers.path} />
      <ReferenceLink
        source="ip_address_id"
        label="IP address"
        reference={resources.ipAddresses.path}
        optionText="ip_address"
      />
      <ReferenceLink source="repository_id" label="Repository" reference={resources.repositories.path} />
      <RecordValue source="cdn_provider_id" label="CDN provider" />
      <SecretField source="http_auth_credentials" label="HTTP auth credentials" />
      <RecordValue source="runcloud_server_id" label="RunCloud server ID" />
      <RecordValue source="runcloud_webapp_id" label="RunCloud web app ID" />
      <RecordValue source="runcloud_alias_id" label="RunCloud alias ID" />
    </Section>
  </Stack>
);
