import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ShareRow } from '@sitefleet/shared';
import { barPercent, formatShare, shareCaption } from './format';

/** How the sites spread over providers or locations: one bar a name, scaled to the largest share. */
export const ShareBars = ({ title, rows }: { title: string; rows: readonly ShareRow[] }) => (
  <Paper variant="outlined" sx={{ p: 2, flex: '1 1 360px', minWidth: 0 }}>
    <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
      {title}
    </Typography>
    <Stack spacing={1.25}>
      {rows.map((row) => (
        <Box key={row.name}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {row.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {formatShare(row.share)} · {shareCaption(row)}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={barPercent(row, rows)}
            aria-label={`${row.name} share`}
            sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
          />
        </Box>
      ))}
    </Stack>
  </Paper>
);
