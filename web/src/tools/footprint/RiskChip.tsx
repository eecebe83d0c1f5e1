import { Chip } from '@mui/material';
import { footprintRisk } from '@sitefleet/shared';
import { NAText } from '../../common/fields/NA';
import { RISK_CHIP, RISK_LABELS } from './labels';

/** A site's footprint risk score (0–100) with its level, in the console's chip colours. */
export const RiskChip = ({ score }: { score: unknown }) => {
  if (typeof score !== 'number') return <NAText />;
  const risk = footprintRisk(score);
  return (
    <Chip
      size="small"
      color={RISK_CHIP[risk]}
      label={`${score} · ${RISK_LABELS[risk]}`}
      data-testid="footprint-score"
    />
  );
};
