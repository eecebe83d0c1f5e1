import { Box, Paper, Tab, Tabs } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';

export interface ListTab {
  /** URL value of the tab (`?tab=diversity`); the first tab has none. */
  id: string;
  label: string;
  content: ReactNode;
}

export const TAB_PARAM = 'tab';

/** The tab a list page's URL asks for; the first one when it names none or an unknown one. */
export function currentTab(tabs: readonly ListTab[], search: string): ListTab | undefined {
  const wanted = new URLSearchParams(search).get(TAB_PARAM);
  return tabs.find((t) => t.id === wanted) ?? tabs[0];
}

/**
 * Tabs of a list page (SPEC §2.5: "list with tabs …"). Only the selected tab is mounted; the first tab is
 * the resource list itself and keeps its own query string (filters, sort, page).
 */
export const ListTabs = ({ tabs }: { tabs: readonly ListTab[] }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const active = currentTab(tabs, location.search);
  const select = (id: string) =>
    navigate({ pathname: location.pathname, search: id === tabs[0]?.id ? '' : `?${TAB_PARAM}=${id}` });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Paper sx={{ mt: 2, borderBottomLeftRadius: 0, borderBottomRightRadius: 0 }} elevation={1}>
        <Tabs
          value={active?.id ?? false}
          onChange={(_, id: string) => select(id)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ px: 1, borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tab.label} sx={{ minHeight: 44 }} />
          ))}
        </Tabs>
      </Paper>
      <Box
        sx={{
          // the first tab's list card sits right under the tab bar
          '& .list-page .RaList-main.RaList-noActions': { mt: 0 },
          '& .RaList-main > .MuiPaper-root': { borderTopLeftRadius: 0, borderTopRightRadius: 0 },
        }}
      >
        {/* one boundary per tab: a tab whose screen is still loading shows as selected at once, with the
            loading indicator, instead of the previous tab staying on screen until the screen's code arrives */}
        <Suspense key={active?.id} fallback={<Loading />}>
          {active?.content}
        </Suspense>
      </Box>
    </Box>
  );
};
