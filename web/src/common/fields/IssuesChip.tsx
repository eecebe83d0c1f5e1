import { Chip, Tooltip } from '@mui/material';
import { pluralise } from './CountChip';

/**
 * A record's alert and error counts in one chip. SPEC §9: red when errors or alerts exist, else orange.
 */
export const IssuesChip = ({ alerts, errors }: { alerts: unknown; errors: unknown }) => {
  const a = Number(alerts ?? 0) || 0;
  const e = Number(errors ?? 0) || 0;
  const any = a + e > 0;
  return (
    <Tooltip title={`${pluralise(a, 'alert')}, ${pluralise(e, 'error')}`}>
      <Chip
        size="small"
        color={any ? 'error' : 'warning'}
        variant={any ? 'filled' : 'outlined'}
        label={`${a} / ${e}`}
        data-testid="issues-chip"
      />
    </Tooltip>
  );
};
