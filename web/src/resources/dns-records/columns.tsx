import { Box, Typography } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { ChoiceChip, type ChipColor } from '../../common/fields/ChoiceChip';
import { NAText } from '../../common/fields/NA';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { truncate } from '../../common/format/text';

type Row = Record<string, unknown>;

const Txt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value ? (
    <Typography component="span" variant="body2" title={value} sx={{ fontFamily: 'monospace', fontSize: 12 }}>
      {truncate(value, 60)}
    </Typography>
  ) : (
    <NAText />
  );

/** DNS records in their own list and in a domain's or website's DNS tab (without the domain column). */
const Host = ({ value }: { value: unknown }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    <TextValue value={value} />
  </Box>
);

export const dnsRecordColumns = screenColumns(resources.dnsRecords, [
  { ...col.text('host', 'Host'), render: (r: Row) => <Host value={r.host} /> },
  { ...col.text('type', 'Type'), render: (r: Row) => <ChoiceChip value={r.type} /> },
  'ip',
  'target',
  'ttl',
  'pri',
  { ...col.text('txt', 'TXT'), render: (r: Row) => <Txt value={r.txt} /> },
  'domain_id',
  ['class', { hidden: true }],
  ['mname', { hidden: true }],
  ['rname', { hidden: true }],
  col.text('serial', 'Serial', { hidden: true }),
  col.text('weight', 'Weight', { hidden: true }),
  col.text('port', 'Port', { hidden: true }),
  ['updated_at', { hidden: true }],
]);

export const domainDnsColumns = dnsRecordColumns.filter((c) => !c.hidden && c.source !== 'domain_id');

const CHANGE_COLORS: Record<string, ChipColor> = { added: 'success', removed: 'error', changed: 'warning' };

const Json = ({ value }: { value: unknown }) =>
  value && typeof value === 'object' ? (
    <Typography
      component="code"
      variant="body2"
      sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {JSON.stringify(value)}
    </Typography>
  ) : (
    <NAText />
  );

/** A domain's DNS change history: what a refresh saw added, removed or changed. */
export const dnsChangeColumns: ColumnDef[] = [
  col.time('created_at', 'Seen at'),
  { ...col.text('host', 'Host'), render: (r: Row) => <Host value={r.host} /> },
  { ...col.text('type', 'Type'), render: (r: Row) => <ChoiceChip value={r.type} /> },
  col.choice('change', 'Change', undefined, CHANGE_COLORS),
  { source: 'before', label: 'Before', sortable: false, render: (r: Row) => <Json value={r.before} /> },
  { source: 'after', label: 'After', sortable: false, render: (r: Row) => <Json value={r.after} /> },
];
