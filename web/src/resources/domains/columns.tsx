import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';

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
export const domainColumns: ColumnDef[] = [
  { source: 'name', label: 'Name', render: (r) => <DomainName record={r} /> },
  col.reference('website_id', 'Website', resources.websites.path, 'hostname'),
  col.bool('deindexed', 'Deindexed'),
  col.list('nameservers', 'Nameservers'),
  col.date('expiration_date', 'Expiration date'),
  col.reference('registrar_id', 'Registrar', resources.registrars.path, 'registrar'),
  col.reference('registrant_id', 'Registrant', resources.registrants.path, 'registrant_name'),
  col.bool('whois_protected', 'WhoIs protected', { hidden: true }),
  col.bool('auto_renew', 'Auto renew', { hidden: true }),
  col.bool('expiration_alerts', 'Expiration alerts', { hidden: true }),
  col.text('pulled_from', 'Pulled from', { hidden: true }),
  col.date('creation_date', 'Creation date', { hidden: true }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

/** Domains inside another record's page (a registrar's, a registrant's, a nameserver's). */
export const domainRefColumns = domainColumns.filter((c) =>
  ['name', 'website_id', 'deindexed', 'expiration_date', 'registrar_id'].includes(c.source),
);
