import { Link } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { screenColumns } from '../../common/screens/columns';
import { ChoiceChip, type ChipColor } from '../../common/fields/ChoiceChip';
import { RecordLink } from '../../common/fields/RecordLink';
import { col } from '../../common/list/cells';
import type { ColumnDef } from '../../common/list/columns';
import { NAText } from '../../common/fields/NA';
import { isSafeHref, LINK_DISPLAY_LIMIT, truncate } from '../../common/format/text';
import { httpStatusColor, pagePath } from './scanFormat';

const INDEXED_LABELS = { true: 'Indexed', false: 'Deindexed' };
const INDEXED_COLORS: Record<string, ChipColor> = { true: 'success', false: 'error' };

/** A page of the site by its path, opening the page itself in a new tab. */
export const SitePage = ({ url }: { url: unknown }) => {
  if (typeof url !== 'string' || !url) return <NAText />;
  const path = truncate(pagePath(url), LINK_DISPLAY_LIMIT);
  if (!isSafeHref(url)) return <>{path}</>;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      onClick={(e) => e.stopPropagation()}
    >
      {path}
    </Link>
  );
};

const sitePage = (source: string, label: string): ColumnDef => ({
  source,
  label,
  render: (r) => <SitePage url={r[source]} />,
});

/** The site's outbound links found by its last scan (the Website.pages of SPEC §3). */
export const websiteLinkColumns = screenColumns(resources.websiteLinks, [
  sitePage('page', 'Page'),
  col.link('backlink', 'Link'),
  'anchor',
  col.chips('rel', 'Rel', { sortable: false }),
  'hits',
]);

/** The pages the last scan visited. */
export const websitePageColumns = screenColumns(resources.websitePages, [
  sitePage('url', 'Page'),
  {
    source: 'status',
    label: 'Status',
    render: (r) => (
      <ChoiceChip value={r.status || null} colors={{ [String(r.status)]: httpStatusColor(r.status) }} />
    ),
  },
  'title',
  'internal_links',
  'outbound_links',
  'error',
  'scanned_at',
]);

/** Search-index checks of the site's domain (SPEC §2.5 Indexed History tab). */
export const indexedHistoryColumns = screenColumns(resources.indexedHistory, [
  'checked_at',
  col.choice('indexed', 'Indexed', INDEXED_LABELS, INDEXED_COLORS),
  'result_count',
  'provider',
  'query',
  {
    source: 'cron_run_id',
    label: 'Cron run',
    sortable: false,
    render: (r) => <RecordLink resource={resources.cronJobs.dms.path} id={r.cron_run_id} text={null} />,
  },
]);
