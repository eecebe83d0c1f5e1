import { Box } from '@mui/material';
import { resources, WEBSITE_STATUS_LABELS } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { IssuesChip } from '../../common/fields/IssuesChip';
import { OpenLinkButton } from '../../common/fields/OpenLinkButton';
import { RecordLink } from '../../common/fields/RecordLink';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { STATUS_COLORS, TYPE_LABELS } from './labels';
import { adminLoginColumn } from './wordpress/adminLoginColumn';

type Row = Record<string, unknown>;
const domainOf = (r: Row) => (r.domain ?? null) as { id: number; unicode_name: string } | null;

/** The hostname, with a button that opens the site itself in a new tab (SPEC §2.7). */
const hostname: ColumnDef = {
  source: 'hostname',
  label: 'Hostname',
  render: (r) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <TextValue value={r.hostname} />
      <OpenLinkButton href={typeof r.url === 'string' ? r.url : null} label="Open the site" icon />
    </Box>
  ),
};

/** Websites in the websites list and in other records' Websites tabs. */
export const websiteColumns = screenColumns(resources.websites, [
  hostname,
  ['friendly_name', { hidden: true }],
  col.choice('type', 'Type', TYPE_LABELS),
  col.choice('status', 'Status', WEBSITE_STATUS_LABELS, STATUS_COLORS),
  col.text('target_market', 'Target market'),
  {
    source: 'domain',
    label: 'Domain',
    sortable: false,
    render: (r) => {
      const d = domainOf(r);
      return <RecordLink resource={resources.domains.path} id={d?.id} text={d?.unicode_name} />;
    },
    exportValue: (r) => domainOf(r)?.unicode_name ?? null,
  },
  'server_id',
  {
    source: 'alerts',
    label: 'Alerts / Errors',
    align: 'center',
    render: (r) => <IssuesChip alerts={r.alerts} errors={r.errors} />,
    exportValue: (r) => `${Number(r.alerts ?? 0)} / ${Number(r.errors ?? 0)}`,
  },
  ['tags', { sortable: false }],
  adminLoginColumn,
  ['updated_at', { hidden: true }],
  ['url', { hidden: true }],
  ['user_id', { hidden: true }],
  ['ip_address_id', { hidden: true }],
  ['repository_id', { hidden: true }],
  col.text('cdn_provider_id', 'CDN provider', { hidden: true }),
  ['has_captcha', { hidden: true }],
  ['created_at', { hidden: true }],
  ['id', { hidden: true }],
]);

/** The shorter set shown in a server's, IP's or repository's Websites tab. */
export const websiteRefColumns: ColumnDef[] = websiteColumns
  .filter((c) =>
    ['hostname', 'friendly_name', 'type', 'status', 'target_market', 'alerts'].includes(c.source),
  )
  .map((c) => ({ ...c, hidden: false }));
