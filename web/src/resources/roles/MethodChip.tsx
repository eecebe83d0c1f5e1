import { Chip, type ChipProps } from '@mui/material';

const COLORS: Record<string, ChipProps['color']> = {
  GET: 'info',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'error',
};

export const MethodChip = ({ method, ...props }: { method: string } & ChipProps) => (
  <Chip
    label={method}
    size="small"
    color={COLORS[method] ?? 'default'}
    variant="outlined"
    sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 64 }}
    {...props}
  />
);
