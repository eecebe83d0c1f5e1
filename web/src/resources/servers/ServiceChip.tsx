import { Chip } from '@mui/material';

/** A service's state as RunCloud reports it. */
export const ServiceChip = ({ running }: { running: boolean }) => (
  <Chip
    size="small"
    color={running ? 'success' : 'error'}
    variant={running ? 'outlined' : 'filled'}
    label={running ? 'Running' : 'Stopped'}
    data-testid="service-state"
  />
);
