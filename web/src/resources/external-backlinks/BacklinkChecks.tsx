import { Chip, Typography } from '@mui/material';
import { actions, LINK_CHECK_LABELS, type ActionResponse } from '@sitefleet/shared';
import { formatTime } from '../../common/format/dates';
import { NOWRAP_TOP, TOP, type ActionColumn } from '../../common/list/ActionTable';
import { RecordActionTable } from '../../common/list/RecordActionTable';
import { STATUS_COLORS } from './columns';

const spec = actions.backlinks.externalBacklinkChecks;
type Answer = ActionResponse<typeof spec>;
type BacklinkCheck = Answer['data'][number];

/** The evidence a check kept, in words (the facts a dispute with a seller turns on). */
export function evidenceLines(e: Record<string, unknown>): string[] {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const rel = Array.isArray(e.found_rel) ? (e.found_rel as unknown[]).join(' ') : null;
  return [
    text(e.http_status) &&
      `HTTP ${String(e.http_status)}${text(e.final_url) ? ` at ${String(e.final_url)}` : ''}`,
    Array.isArray(e.redirects) && e.redirects.length
      ? `Redirected from ${(e.redirects as unknown[]).join(' → ')}`
      : null,
    text(e.found_href) && `Link: ${String(e.found_href)}`,
    text(e.found_anchor) && `Anchor: ${String(e.found_anchor)}`,
    rel !== null ? `Rel: ${rel || 'follow'}` : null,
    text(e.nofollow_by) && `Nofollow by the page's ${String(e.nofollow_by)}`,
    e.noindex === true ? 'The page is noindex' : null,
    text(e.canonical) && `Canonical: ${String(e.canonical)}`,
    e.robots_allowed === false ? 'robots.txt disallows the page' : null,
    text(e.snippet) && `“${String(e.snippet)}”`,
    text(e.page_hash) && `Page hash ${String(e.page_hash).slice(0, 16)}…`,
  ].filter((l): l is string => typeof l === 'string');
}

const COLUMNS: Array<ActionColumn<BacklinkCheck>> = [
  { label: 'Checked', render: (c) => formatTime(c.checked_at), sx: NOWRAP_TOP },
  {
    label: 'Status',
    sx: TOP,
    render: (c) => (
      <>
        <Chip size="small" color={STATUS_COLORS[c.status]} label={LINK_CHECK_LABELS[c.status]} />
        {c.message && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {c.message}
          </Typography>
        )}
      </>
    ),
  },
  {
    label: 'What the page showed',
    sx: TOP,
    render: (c) =>
      evidenceLines(c.evidence).map((line) => (
        <Typography key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
          {line}
        </Typography>
      )),
  },
];

const rowsOf = (answer: Answer) => answer.data;

/** An external backlink's checks, newest first, each with its evidence. */
export const BacklinkChecks = (_: { label?: false }) => (
  <RecordActionTable
    spec={spec}
    input={(id) => ({ params: { id }, query: {} })}
    // Check now refreshes every query of the link (its key's prefix).
    queryKey={(r) => ['external-backlink', r.id, 'checks']}
    rows={rowsOf}
    columns={COLUMNS}
    rowKey={(c) => c.id}
    label="Checks"
    empty="Not checked yet: Check now fetches the page and keeps what it shows."
    emptyTestId="no-checks"
    rowTestId="backlink-check"
  />
);
