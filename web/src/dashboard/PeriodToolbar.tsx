import { Alert } from '@mui/material';
import { comparisonPeriod, dayOf, type Comparison } from '@sitefleet/shared';
import { useEffect, useState } from 'react';

/** SPEC §9: the info toolbar hides after 3 seconds. */
export const TOOLBAR_HIDE_MS = 3000;

/** 'Comparing 2026-11-24 with 2026-11-23': the end day against the comparison's start day. */
export const comparingText = (comparison: Comparison, today: string) => {
  const period = comparisonPeriod(comparison, today);
  return `Comparing ${period.end} with ${period.start}`;
};

/**
 * The info toolbar: which days the panels compare, shown whenever the site or comparison changes and hidden
 * after 3 s (SPEC §2.3, §9).
 */
export const PeriodToolbar = ({ siteId, comparison }: { siteId: number; comparison: Comparison }) => {
  const [shown, setShown] = useState<{ key: string; text: string } | null>(null);
  const key = `${siteId} ${comparison}`;
  useEffect(() => {
    setShown({ key, text: comparingText(comparison, dayOf(Date.now())) });
    const timer = setTimeout(() => setShown(null), TOOLBAR_HIDE_MS);
    return () => clearTimeout(timer);
  }, [key, comparison]);
  if (shown === null) return null;
  return (
    <Alert severity="info" role="status" data-testid="period-toolbar" sx={{ mb: 2 }}>
      {shown.text}
    </Alert>
  );
};
