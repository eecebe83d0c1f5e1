import { Box, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { JobOutputItem } from '@sitefleet/shared';
import { truncationNote } from './format';
import { OutputItem } from './OutputItem';

interface Props {
  title: string;
  /** The latest items (at most 500); undefined while they load. */
  items: readonly JobOutputItem[] | undefined;
  /** How many there are in all. */
  total: unknown;
  failed?: boolean;
}

/** One of a run's two output panels: what succeeded, or what failed. */
export const OutputPanel = ({ title, items, total, failed = false }: Props) => {
  const note = items ? truncationNote(items.length, total) : null;
  const count = typeof total === 'number' ? total : (items?.length ?? 0);
  return (
    <Paper variant="outlined" component="section" aria-label={title}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          label={count}
          color={failed && count > 0 ? 'error' : 'default'}
          data-testid="output-count"
        />
        {note && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="output-truncated">
            {note}
          </Typography>
        )}
      </Stack>
      {!items ? (
        <LinearProgress sx={{ mx: 2, mb: 2 }} data-testid="output-loading" />
      ) : items.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
          {failed ? 'Nothing failed' : 'Nothing yet'}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {items.map((item) => (
            <OutputItem key={item.id} item={item} failed={failed} />
          ))}
        </Box>
      )}
    </Paper>
  );
};
