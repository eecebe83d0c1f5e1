import { Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** Next to the title: a count, a toggle. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One titled panel of a monitor's page. */
export const Panel = ({ title, aside, children }: Props) => (
  <Paper variant="outlined" component="section" aria-label={title} sx={{ minWidth: 0 }}>
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, pt: 1.5, pb: 1 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {aside}
    </Stack>
    {children}
  </Paper>
);

/** A panel's quiet line when it has nothing to show. */
export const PanelEmpty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
    {children}
  </Typography>
);
