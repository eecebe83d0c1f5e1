import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Two columns of inputs on wide screens, one on small ones. */
export const formGrid = {
  display: 'grid',
  columnGap: 2,
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
  width: '100%',
  alignItems: 'start',
} as const;

/** A titled part of a long form. */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
    <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5, color: 'text.secondary' }}>
      {title}
    </Typography>
    {children}
  </Box>
);
