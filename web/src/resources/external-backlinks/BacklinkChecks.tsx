import {
  Alert,
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { actions, LINK_CHECK_LABELS } from '@sitefleet/shared';
import { useQuery } from '@tanstack/react-query';
import { Loading, useRecordContext } from 'react-admin';
import { formatTime } from '../../common/format/dates';
import { callAction } from '../../providers/actions';
import { errorMessage } from '../../providers/http';
import { STATUS_COLORS } from './columns';

const spec = actions.backlinks.externalBacklinkChecks;

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

/** An external backlink's checks, newest first, each with its evidence. */
export const BacklinkChecks = (_: { label?: false }) => {
  const record = useRecordContext();
  const id = record?.id;
  const { data, isPending, error } = useQuery({
    queryKey: ['external-backlink', id, 'checks'],
    queryFn: ({ signal }) => callAction(spec, { params: { id: String(id) }, query: {} }, { signal }),
    enabled: id !== undefined,
  });
  if (!record) return null;
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data.data.length)
    return (
      <Typography variant="body2" sx={{ p: 2 }} data-testid="no-checks">
        Not checked yet: Check now fetches the page and keeps what it shows.
      </Typography>
    );
  return (
    <Box sx={{ p: 2 }}>
      <Table size="small" aria-label="Checks">
        <TableHead>
          <TableRow>
            <TableCell>Checked</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>What the page showed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((c) => (
            <TableRow key={c.id} data-testid="backlink-check">
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {formatTime(c.checked_at)}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Chip size="small" color={STATUS_COLORS[c.status]} label={LINK_CHECK_LABELS[c.status]} />
                {c.message && (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {c.message}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {evidenceLines(c.evidence).map((line) => (
                  <Typography key={line} variant="body2" sx={{ wordBreak: 'break-word' }}>
                    {line}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
