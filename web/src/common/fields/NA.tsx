import { Typography } from '@mui/material';
import { NA } from '../format/text';

/** The 'N/A' shown for a missing value (SPEC §8). */
export const NAText = () => (
  <Typography component="span" variant="body2" sx={{ color: 'text.disabled' }}>
    {NA}
  </Typography>
);
