import { Box, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { formatTime } from '../../common/format/dates';
import { formatDuration, timelineSegments, WINDOWS, type Segment, type WindowKey } from './timeline';
import type { StatusChange } from './types';

const COLORS: Record<Segment['status'], string> = {
  up: 'success.main',
  down: 'error.main',
  none: 'grey.300',
};
const NAMES: Record<Segment['status'], string> = { up: 'Up', down: 'Down', none: 'No data' };
const TIME_FORMAT = 'D MMM, HH:mm';

/** "Down · 3 Mar, 10:00 – now · 2 h 13 min" */
export function segmentText(s: Segment): string {
  const to = s.ongoing ? 'now' : formatTime(s.to, TIME_FORMAT);
  return `${NAMES[s.status]} · ${formatTime(s.from, TIME_FORMAT)} – ${to} · ${formatDuration(s.to - s.from)}`;
}

export const WindowToggle = ({ value, onChange }: { value: WindowKey; onChange: (w: WindowKey) => void }) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={value}
    onChange={(_, next: WindowKey | null) => next && onChange(next)}
    aria-label="Timeline window"
  >
    {(Object.keys(WINDOWS) as WindowKey[]).map((key) => (
      <ToggleButton key={key} value={key} sx={{ py: 0.25, px: 1.5 }}>
        {WINDOWS[key].label}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);

/** A bar over the window, one piece per state, as wide as the time it lasted (SPEC §4). */
export const StatusTimeline = ({
  changes,
  window,
  now,
}: {
  changes: readonly StatusChange[];
  window: WindowKey;
  now: number;
}) => {
  const start = now - WINDOWS[window].seconds;
  const segments = timelineSegments(changes, start, now);
  return (
    <Box>
      <Box
        sx={{ display: 'flex', height: 28, borderRadius: 1, overflow: 'hidden', bgcolor: COLORS.none }}
        data-testid="status-timeline"
        role="list"
        aria-label={`Status over the last ${WINDOWS[window].label}`}
      >
        {segments.map((s) => (
          <Tooltip key={s.from} title={segmentText(s)} describeChild>
            <Box
              role="listitem"
              tabIndex={0}
              aria-label={segmentText(s)}
              data-status={s.status}
              sx={{
                flex: `${s.share} 1 0`,
                // a short outage over 30 days would be too thin to see or point at
                minWidth: s.status === 'none' ? 0 : 3,
                bgcolor: COLORS[s.status],
                '&:hover, &:focus-visible': { opacity: 0.8, outline: 'none' },
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatTime(start, TIME_FORMAT)}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Now
        </Typography>
      </Stack>
    </Box>
  );
};
