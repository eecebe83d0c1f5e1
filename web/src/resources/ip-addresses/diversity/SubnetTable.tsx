import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { resources } from '@sitefleet/shared';
import { Link } from 'react-router-dom';
import type { SubnetGroup } from '@sitefleet/shared';
import { NoRows } from '../../../common/list/NoRows';
import { flagText } from './format';

interface Props {
  title: string;
  subnets: readonly SubnetGroup[];
  /** Site id → hostname, for the site chips. */
  hostnames: ReadonlyMap<number, string>;
}

const SiteChips = ({ ids, hostnames }: { ids: readonly number[]; hostnames: Props['hostnames'] }) => (
  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {ids.map((id) => (
      <Chip
        key={id}
        size="small"
        variant="outlined"
        clickable
        component={Link}
        to={`/${resources.websites.path}/${id}/show`}
        label={hostnames.get(id) ?? `#${id}`}
      />
    ))}
  </Stack>
);

/** One subnet level: flagged subnets (shared by several sites) highlighted, with a warning chip. */
export const SubnetTable = ({ title, subnets, hostnames }: Props) => (
  <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
    <Typography variant="subtitle2" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      {title}
    </Typography>
    {subnets.length === 0 ? (
      <NoRows />
    ) : (
      <TableContainer sx={{ maxHeight: 520 }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Subnet</TableCell>
              <TableCell align="right">IPs</TableCell>
              <TableCell align="right">Sites</TableCell>
              <TableCell>Providers</TableCell>
              <TableCell>Locations</TableCell>
              <TableCell sx={{ minWidth: 280 }}>Sites</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subnets.map((s) => (
              <TableRow
                key={s.subnet}
                data-flagged={s.flagged}
                sx={s.flagged ? { backgroundColor: 'rgba(237, 108, 2, 0.06)' } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ fontFamily: 'monospace' }}>{s.subnet}</Box>
                  {s.flagged && (
                    <Chip
                      size="small"
                      color="warning"
                      icon={<WarningAmber />}
                      label={flagText(s.sites)}
                      sx={{ mt: 0.5 }}
                    />
                  )}
                </TableCell>
                <TableCell align="right">{s.ips}</TableCell>
                <TableCell align="right">{s.sites}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.providers.join(', ')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.locations.join(', ')}</TableCell>
                <TableCell>
                  <SiteChips ids={s.site_ids} hostnames={hostnames} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    )}
  </Paper>
);
