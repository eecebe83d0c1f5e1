import { Stack, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceList } from '../../common/list/ReferenceList';
import { Section } from '../../common/record/Section';
import { dnsChangeColumns, domainDnsColumns } from '../dns-records/columns';

const Heading = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', fontWeight: 700 }}>
    {children}
  </Typography>
);

/** The domain's current DNS records and what the refreshes saw change. */
export const DomainDns = (_: { label: false }) => (
  <Stack spacing={2} sx={{ width: '100%' }}>
    <Section>
      <RecordValue source="dns_refreshed_at" label="DNS refreshed at" kind="time" />
    </Section>
    <Heading>Records</Heading>
    <ReferenceList reference={resources.dnsRecords.path} target="domain_id" columns={domainDnsColumns} />
    <Heading>Change history</Heading>
    <ReferenceList
      reference={resources.dnsRecordChanges.path}
      target="domain_id"
      columns={dnsChangeColumns}
      rowClick={false}
      listLink={false}
    />
  </Stack>
);
