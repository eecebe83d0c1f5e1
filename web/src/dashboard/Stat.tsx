import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatChange } from './format';

/** A change share as a coloured, signed percentage with an arrow; nothing when there is no comparison. */
export const Change = ({ value }: { value: number | null }) => {
  const text = formatChange(value);
  if (text === null || value === null)
    return (
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="stat-change">
        n/a
      </Typography>
    );
  const color = value > 0 ? 'success.main' : value < 0 ? 'error.main' : 'text.secondary';
  const Arrow = value > 0 ? ArrowUpward : value < 0 ? ArrowDownward : null;
  return (
    <Stack
      direction="row"
      component="span"
      sx={{ alignItems: 'center', color, gap: 0.25 }}
      data-testid="stat-change"
    >
      {Arrow && <Arrow sx={{ fontSize: 14 }} aria-hidden />}
      <Typography variant="caption" component="span" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
    </Stack>
  );
};

interface StatProps {
  label: string;
  value: ReactNode;
  change: number | null;
  /** The figure it is compared with ('was 1,204'). */
  previous?: ReactNode;
}

/** One headline figure of a panel: label, value, change against the comparison. */
export const Stat = ({ label, value, change, previous }: StatProps) => (
  <Box data-testid="stat" data-label={label} sx={{ minWidth: 110 }}>
    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Typography variant="h6" sx={{ fontWeight: 500, lineHeight: 1.3 }} data-testid="stat-value">
      {value}
    </Typography>
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
      <Change value={change} />
      {previous !== undefined && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          was {previous}
        </Typography>
      )}
    </Stack>
  </Box>
);

/** A row of stats. */
export const Stats = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', mb: 2 }}>
    {children}
  </Stack>
);
