import Circle from '@mui/icons-material/Circle';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import { Chip, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import { monitorIndicator } from './status';

interface Props {
  status: unknown;
  paused?: unknown;
  /** A console route the indicator opens (a monitor's page). */
  to?: string;
}

/** The monitoring indicator (SPEC §4): Up green, Down red, else 'Not added yet' grey; plus 'Paused'. */
export const MonitorStatus = ({ status, paused, to }: Props) => {
  const { label, color } = monitorIndicator(status);
  const link = to
    ? {
        component: Link,
        to,
        clickable: true,
        onClick: (e: React.MouseEvent) => e.stopPropagation(),
      }
    : {};
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center' }}
      data-testid="monitor-status"
      data-status={label}
    >
      <Chip
        size="small"
        label={label}
        color={color}
        variant={color === 'default' ? 'outlined' : 'filled'}
        icon={<Circle sx={{ fontSize: '10px !important' }} />}
        {...link}
      />
      {paused === true && (
        <Chip size="small" label="Paused" variant="outlined" icon={<PauseCircleOutline />} />
      )}
    </Stack>
  );
};
