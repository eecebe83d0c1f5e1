import { Box, Chip, Stack } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { NAText } from '../../common/fields/NA';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { filteredListPath } from '../../common/format/links';
import { RefreshButton } from '../../common/record/RefreshButton';
import { Section } from '../../common/record/Section';

/** The domain's nameservers, each opening that nameserver (domain → its nameservers). */
const Nameservers = (_: { label: string }) => {
  const list = useRecordContext()?.nameservers;
  if (!Array.isArray(list) || list.length === 0) return <NAText />;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {list.map((ns) => (
        <Chip
          key={String(ns)}
          size="small"
          label={String(ns)}
          clickable
          component={Link}
          to={filteredListPath(resources.nameservers.path, { nameserver: String(ns) })}
        />
      ))}
    </Stack>
  );
};

/** Registration data as the last WhoIs / RDAP refresh found it, and the Refresh button. */
export const DomainWhois = (_: { label: false }) => (
  <Stack spacing={3} sx={{ width: '100%' }}>
    <Section title="Registration">
      <ReferenceLink
        source="registrar_id"
        label="Registrar"
        reference={resources.registrars.path}
        optionText="registrar"
      />
      <ReferenceLink
        source="registrant_id"
        label="Registrant"
        reference={resources.registrants.path}
        optionText="registrant_name"
      />
      <Nameservers label="Nameservers" />
      <RecordValue source="creation_date" label="Creation date" kind="date" />
      <RecordValue source="expiration_date" label="Expiration date" kind="date" />
      <RecordValue source="whois_statuses" label="Statuses" kind="chips" />
    </Section>
    <Section title="Source">
      <RecordValue source="whois_source" label="Source" />
      <RecordValue source="whois_server" label="WhoIs server" />
      <RecordValue source="whois_refreshed_at" label="Refreshed at" kind="time" />
    </Section>
    <Box>
      <RefreshButton label="Refresh" />
    </Box>
  </Stack>
);
