import { resources, WEBSITE_STATUS_LABELS } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { pluralise } from '../../common/fields/CountChip';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { CellChip, CellLink, CellNA, CellOpenLink, CellText } from '../../common/list/table/cellParts';
import { STATUS_COLORS, TYPE_LABELS } from './labels';
import { adminLoginColumn } from './wordpress/adminLoginColumn';

type Row = Record<string, unknown>;
const domainOf = (r: Row) => (r.domain ?? null) as { id: number; unicode_name: string } | null;

/** The hostname, with a button that opens the site itself in a new tab (SPEC §2.7). */
const hostname: ColumnDef = {
  source: 'hostname',
  label: 'Hostname',
  render: (r) => (
    <span className="sf-inline">
      <CellText value={r.hostname} />
      <CellOpenLink href={typeof r.url === 'string' ? r.url : null} label="Open the site" />
    </span>
  ),
};

/** IssuesChip's cell: the alert and error counts in one chip (SPEC §9: red when any, else orange). */
const issues = (r: Row) => {
  const a = Number(r.alerts ?? 0) || 0;
  const e = Number(r.errors ?? 0) || 0;
  return (
    <CellChip
      label={`${a} / ${e}`}
      color={a + e > 0 ? 'error' : 'warning'}
      outlined={a + e === 0}
      tip={`${pluralise(a, 'alert')}, ${pluralise(e, 'error')}`}
      testId="issues-chip"
    />
  );
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
      if (d?.id === null || d?.id === undefined) return <CellNA />;
      return (
        <CellLink to={`/${resources.domains.path}/${encodeURIComponent(String(d.id))}/show`}>
          {d.unicode_name || `#${String(d.id)}`}
        </CellLink>
      );
    },
    exportValue: (r) => domainOf(r)?.unicode_name ?? null,
  },
  'server_id',
  {
    source: 'alerts',
    label: 'Alerts / Errors',
    align: 'center',
    render: issues,
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
