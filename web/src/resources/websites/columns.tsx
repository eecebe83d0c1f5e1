import { Box } from '@mui/material';
import { resources, WEBSITE_STATUS_LABELS } from '@sitefleet/shared';
import { IssuesChip } from '../../common/fields/IssuesChip';
import { OpenLinkButton } from '../../common/fields/OpenLinkButton';
import { RecordLink } from '../../common/fields/RecordLink';
import { TextValue } from '../../common/fields/Values';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { STATUS_COLORS, TYPE_LABELS } from './labels';

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
export const websiteColumns: ColumnDef[] = [
  hostname,
  col.text('friendly_name', 'Friendly name', { hidden: true }),
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
  col.reference('server_id', 'Server', resources.servers.path, 'name'),
  {
    source: 'alerts',
    label: 'Alerts / Errors',
    align: 'center',
    render: (r) => <IssuesChip alerts={r.alerts} errors={r.errors} />,
    exportValue: (r) => `${Number(r.alerts ?? 0)} / ${Number(r.errors ?? 0)}`,
  },
  col.references('tags', 'Tags', resources.tags.path, 'name', { sortable: false }),
  col.time('updated_at', 'Updated at', { hidden: true }),
  col.link('url', 'URL', { hidden: true }),
  col.reference('user_id', 'Product owner', resources.users.path, 'email', { hidden: true }),
  col.reference('ip_address_id', 'IP address', resources.ipAddresses.path, 'ip_address', { hidden: true }),
  col.reference('repository_id', 'Repository', resources.repositories.path, 'name', { hidden: true }),
  col.text('cdn_provider_id', 'CDN provider', { hidden: true }),
  col.bool('has_captcha', 'Has captcha', { hidden: true }),
  col.time('created_at', 'Created at', { hidden: true }),
  col.text('id', 'ID', { hidden: true }),
];

/** The shorter set shown in a server's, IP's or repository's Websites tab. */
export const websiteRefColumns: ColumnDef[] = websiteColumns
  .filter((c) =>
    ['hostname', 'friendly_name', 'type', 'status', 'target_market', 'alerts'].includes(c.source),
  )
  .map((c) => ({ ...c, hidden: false }));
