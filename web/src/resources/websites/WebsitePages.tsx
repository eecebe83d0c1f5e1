import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { resources } from '@sitefleet/shared';
import { useState } from 'react';
import { ReferenceList } from '../../common/list/ReferenceList';
import { websiteLinkColumns, websitePageColumns } from './scanColumns';

const OUTBOUND = { internal: false };

type View = 'links' | 'pages';

/** The Pages tab: the site's outbound links, or the pages its last scan visited. */
export const WebsitePages = (_: { label: false }) => {
  const [view, setView] = useState<View>('links');
  return (
    <Stack spacing={1.5} sx={{ width: '100%' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_e, next: View | null) => next && setView(next)}
        aria-label="Show"
      >
        <ToggleButton value="links">Outbound links</ToggleButton>
        <ToggleButton value="pages">Scanned pages</ToggleButton>
      </ToggleButtonGroup>
      {/* keyed: each list keeps its own sort and filter state */}
      {view === 'links' ? (
        <ReferenceList
          key="links"
          reference={resources.websiteLinks.path}
          target="website_id"
          filter={OUTBOUND}
          columns={websiteLinkColumns}
          rowClick={false}
          listLink={false}
        />
      ) : (
        <ReferenceList
          key="pages"
          reference={resources.websitePages.path}
          target="website_id"
          columns={websitePageColumns}
          rowClick={false}
          listLink={false}
        />
      )}
    </Stack>
  );
};
