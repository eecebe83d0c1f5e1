import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';

type Row = Record<string, unknown>;

/** The Unicode name, with the stored ASCII (Punycode) form under it when they differ. */
export const DomainName = ({ record }: { record: Row }) => {
  const ascii = typeof record.name === 'string' ? record.name : '';
  const unicode =
    typeof record.unicode_name === 'string' && record.unicode_name ? record.unicode_name : ascii;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <TextValue value={unicode} />
      {unicode !== ascii && (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {ascii}
        </Typography>
      )}
    </Box>
  );
};

/** SPEC §2.5 domain list columns; the last five are available in the column chooser. */
export const domainColumns = screenColumns(resources.domains, [
  { source: 'name', label: 'Name', render: (r) => <DomainName record={r} /> },
  'website_id',
  'deindexed',
  'nameservers',
  col.date('expiration_date', 'Expiration date'),
  'registrar_id',
  'registrant_id',
  ['whois_protected', { hidden: true }],
  ['auto_renew', { hidden: true }],
  ['expiration_alerts', { hidden: true }],
  ['pulled_from', { hidden: true }],
  col.date('creation_date', 'Creation date', { hidden: true }),
  ['updated_at', { hidden: true }],
  ['id', { hidden: true }],
]);

/** Domains inside another record's page (a registrar's, a registrant's, a nameserver's). */
export const domainRefColumns = domainColumns.filter((c) =>
  ['name', 'website_id', 'deindexed', 'expiration_date', 'registrar_id'].includes(c.source),
);
