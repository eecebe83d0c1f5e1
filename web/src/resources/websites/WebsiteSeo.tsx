import { Box, Stack } from '@mui/material';
import type { Comparison } from '@sitefleet/shared';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { AhrefsHistoryPanel } from '../../dashboard/AhrefsHistoryPanel';
import { BacklinksPanel } from '../../dashboard/BacklinksPanel';
import { ComparisonToggle } from '../../dashboard/ComparisonToggle';
import { ConversionsPanel } from '../../dashboard/ConversionsPanel';
import { GscPanel } from '../../dashboard/GscPanel';
import { RankingsPanel } from '../../dashboard/RankingsPanel';
import { RecentLinksPanel } from '../../dashboard/RecentLinksPanel';
import { TldPanel } from '../../dashboard/TldPanel';
import { TopPagesPanel } from '../../dashboard/TopPagesPanel';
import { ConversionTools } from './ConversionTools';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;
const wide = { gridColumn: { lg: '1 / -1' } } as const;

/**
 * The website's SEO tab (SPEC §2.5; the dashboard's 'Go to full report'): its Ahrefs history, backlinks,
 * referring TLDs, newest links, Search Console traffic and pages, and rankings, for a comparison of its own.
 */
export const WebsiteSeo = (_props: { label?: false }) => {
  const record = useRecordContext();
  const [comparison, setComparison] = useState<Comparison>('thirty-days');
  if (!record) return null;
  const siteId = Number(record.id);
  return (
    <Box data-testid="website-seo" sx={{ pt: 1 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}
      >
        <Stack direction="row" sx={{ gap: 1 }}>
          <ConversionTools siteId={siteId} />
        </Stack>
        <ComparisonToggle value={comparison} onChange={setComparison} />
      </Stack>
      <Box sx={grid}>
        <Box sx={wide}>
          <AhrefsHistoryPanel hostname={String(record.hostname)} />
        </Box>
        <BacklinksPanel siteId={siteId} comparison={comparison} />
        <TldPanel siteId={siteId} />
        <Box sx={wide}>
          <RecentLinksPanel siteId={siteId} />
        </Box>
        <ConversionsPanel siteId={siteId} comparison={comparison} />
        <GscPanel siteId={siteId} comparison={comparison} />
        <TopPagesPanel siteId={siteId} comparison={comparison} />
        <Box sx={wide}>
          <RankingsPanel siteId={siteId} comparison={comparison} />
        </Box>
      </Box>
    </Box>
  );
};
