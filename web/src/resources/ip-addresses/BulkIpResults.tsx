import { Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { Link as RouterLink } from 'react-router-dom';

export interface BulkIpResult {
  ip_address: string;
  id: number | null;
  error: string | null;
}

/** One row per address of a bulk create: Created (linking to it) or Error with the server's message. */
export const BulkIpResults = ({ results }: { results: readonly BulkIpResult[] }) => (
  <Table size="small" aria-label="Results">
    <TableHead>
      <TableRow>
        <TableCell>IP address</TableCell>
        <TableCell>Result</TableCell>
        <TableCell>Message</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {results.map((r) => (
        <TableRow key={r.ip_address} data-testid="bulk-ip-result">
          <TableCell sx={{ fontFamily: 'monospace' }}>
            {r.id ? (
              <Link component={RouterLink} to={`/${resources.ipAddresses.path}/${r.id}/show`}>
                {r.ip_address}
              </Link>
            ) : (
              r.ip_address
            )}
          </TableCell>
          <TableCell>
            <Chip size="small" color={r.error ? 'error' : 'success'} label={r.error ? 'Error' : 'Created'} />
          </TableCell>
          <TableCell sx={{ color: 'text.secondary' }}>{r.error}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
