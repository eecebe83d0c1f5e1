import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { COMPARISON_LABELS, COMPARISONS, type Comparison } from '@sitefleet/shared';

/** SPEC §2.3: Yesterday (default), Month-to-date, 30-Days, 7-Days. */
export const ComparisonToggle = ({
  value,
  onChange,
}: {
  value: Comparison;
  onChange: (next: Comparison) => void;
}) => (
  <ToggleButtonGroup
    size="small"
    color="primary"
    exclusive
    value={value}
    onChange={(_, next: Comparison | null) => next && onChange(next)}
    aria-label="Comparison"
  >
    {COMPARISONS.map((c) => (
      <ToggleButton key={c} value={c} sx={{ px: 1.5 }}>
        {COMPARISON_LABELS[c]}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);
