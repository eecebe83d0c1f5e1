import { Box } from '@mui/material';
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/** Series colours, in order. */
export const SERIES = ['#1e3a5f', '#0288d1', '#2e7d32', '#ed6c02', '#9c27b0', '#757575'];

/** A chart filling the panel's width, labelled for assistive technology (its data are in the figures). */
export const Chart = ({
  label,
  height = 220,
  children,
}: {
  label: string;
  height?: number;
  children: ReactElement;
}) => (
  <Box role="img" aria-label={label} data-testid="chart" sx={{ width: '100%', height }}>
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height }}>
      {children}
    </ResponsiveContainer>
  </Box>
);

/** '2026-11-24' as '11-24' on a chart axis. */
export const dayTick = (day: string) => day.slice(5);

/** 'from 2026-10-24 to 2026-11-24': the days a chart draws (its first and last), for its label. */
export const spanOf = (days: readonly string[]) =>
  days.length ? `from ${days[0]} to ${days[days.length - 1]}` : 'with no days';
