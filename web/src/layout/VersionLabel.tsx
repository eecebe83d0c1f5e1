import { Chip, Tooltip } from '@mui/material';
import { RUNNING_VERSION } from './versionCheck';

/** `v0.1.0`, with the full build version as tooltip. */
export const VersionLabel = () => (
  <Tooltip title={`Build ${RUNNING_VERSION}`}>
    <Chip
      label={`v${RUNNING_VERSION.split('+')[0]}`}
      size="small"
      variant="outlined"
      data-testid="version-label"
      sx={{
        color: 'inherit',
        borderColor: 'rgba(255,255,255,0.4)',
        mx: 1,
        display: { xs: 'none', sm: 'flex' },
      }}
    />
  </Tooltip>
);
