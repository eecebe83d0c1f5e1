import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatTime } from '../../common/format/dates';

type Evidence = Record<string, unknown>;
const isObject = (v: unknown): v is Evidence => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** The evidence a check kept, in words: each DNS question and its answer, the addresses, the HTTP answer. */
export function evidenceLines(e: Evidence): string[] {
  const lines: string[] = [];
  for (const step of Array.isArray(e.dns) ? e.dns : []) {
    if (!isObject(step)) continue;
    const answers = strings(step.answers);
    const said =
      typeof step.error === 'string'
        ? `failed: ${step.error}`
        : answers.length
          ? answers.join(', ')
          : step.nxdomain === true
            ? 'does not exist'
            : 'no record';
    const server = typeof step.server === 'string' && step.server ? ` (${step.server})` : '';
    lines.push(`DNS ${String(step.name)} ${String(step.type)}: ${said}${server}`);
  }
  const cnames = strings(e.cnames);
  if (cnames.length) lines.push(`Through CNAME: ${cnames.join(' → ')}`);
  const addresses = strings(e.addresses);
  if (addresses.length) lines.push(`Addresses: ${addresses.join(', ')}`);
  const http = e.http;
  if (isObject(http)) {
    const redirects = strings(http.redirects);
    if (redirects.length) lines.push(`Redirected from ${redirects.join(' → ')}`);
    lines.push(
      http.status === null || http.status === undefined
        ? `${String(http.method)}: no answer (${String(http.error)})`
        : `${String(http.method)}: HTTP ${String(http.status)} at ${String(http.final_url)}`,
    );
  }
  if (typeof e.error === 'string' && e.error) lines.push(`The resolvers failed: ${e.error}`);
  return lines;
}

/** The last check of a service: when, its outcome and what it saw. */
export const ServiceEvidence = (_: { label?: false }) => {
  const record = useRecordContext();
  if (!record) return null;
  if (!isObject(record.evidence) || record.last_checked === null || record.last_checked === undefined)
    return (
      <Typography variant="body2" sx={{ p: 2 }} data-testid="no-check">
        Not checked yet: Check now looks the service up in DNS (and requests its URL for web services).
      </Typography>
    );
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="subtitle2" data-testid="check-outcome">
        {formatTime(record.last_checked)}: {String(record.check_message ?? '')}
      </Typography>
      {evidenceLines(record.evidence).map((line, i) => (
        <Typography key={i} variant="body2" data-testid="evidence-line" sx={{ wordBreak: 'break-word' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
};
