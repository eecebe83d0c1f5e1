import { Box, Typography } from '@mui/material';
import { formatUptime, WINDOWS, type WindowKey } from './timeline';
import type { Uptime } from './types';

/** Below 99% is worth a look, below 95% is an outage-level month. */
const ratioColor = (ratio: number | null) =>
  ratio === null ? 'text.disabled' : ratio < 0.95 ? 'error.main' : ratio < 0.99 ? 'warning.main' : undefined;

/** Uptime over the last 24 h, 7 d and 30 d: the share of known time the monitor was up. */
export const UptimeCards = ({ uptime }: { uptime: Uptime | undefined }) => (
  <Box
    sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
    data-testid="uptime"
  >
    {(Object.keys(WINDOWS) as WindowKey[]).map((key) => {
      const ratio = uptime?.[key] ?? null;
      return (
        <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Uptime, last {WINDOWS[key].label}
          </Typography>
          <Typography
            variant="h5"
            sx={{ fontWeight: 500, color: ratioColor(ratio) }}
            data-testid={`uptime-${key}`}
          >
            {uptime ? formatUptime(ratio) : '…'}
          </Typography>
        </Box>
      );
    })}
  </Box>
);
