import { Box, Paper, Tab } from '@mui/material';
import { Suspense, type KeyboardEvent, type ReactNode } from 'react';
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

const KEYS: Record<string, (tabs: HTMLElement[], at: number) => HTMLElement | undefined> = {
  ArrowLeft: (tabs, at) => tabs[(at - 1 + tabs.length) % tabs.length],
  ArrowRight: (tabs, at) => tabs[(at + 1) % tabs.length],
  Home: (tabs) => tabs[0],
  End: (tabs) => tabs[tabs.length - 1],
};

/** The arrow keys, Home and End move the focus along the tabs, as in MUI's Tabs. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const move = KEYS[event.key];
  if (!move || event.altKey || event.shiftKey || event.ctrlKey || event.metaKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.findIndex((tab) => tab === document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  move(tabs, at)?.focus();
}

/** MUI's Tab as MUI's Tabs draws it (textColor primary). */
const TAB_SX = {
  minHeight: 44,
  flexShrink: 0,
  opacity: 1,
  color: 'text.secondary',
  '&.Mui-selected': { color: 'primary.main' },
} as const;

const indicator = (
  <Box
    component="span"
    className="MuiTabs-indicator"
    sx={{ position: 'absolute', left: 0, bottom: 0, height: 2, width: '100%', bgcolor: 'primary.main' }}
  />
);

/**
 * Tabs of a list page (SPEC §2.5: "list with tabs …"). Only the selected tab is mounted; the first tab is
 * the resource list itself and keeps its own query string (filters, sort, page).
 *
 * The bar is MUI's Tab in a tablist of our own rather than MUI's Tabs, which measures itself and its tabs
 * (a forced layout of the whole page, in the middle of the list's first render) to place its indicator and
 * scroll buttons: here the selected tab draws its indicator, and a bar wider than the page scrolls.
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
        <Box
          role="tablist"
          className="MuiTabs-root"
          onKeyDown={moveFocus}
          sx={{
            display: 'flex',
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
            minHeight: 44,
            overflowX: 'auto',
            scrollbarWidth: 'thin',
            whiteSpace: 'nowrap',
          }}
        >
          {tabs.map((tab) => {
            const selected = tab.id === active?.id;
            return (
              <Tab
                key={tab.id}
                value={tab.id}
                label={
                  <>
                    {tab.label}
                    {selected && indicator}
                  </>
                }
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                className={selected ? 'Mui-selected' : undefined}
                onClick={() => !selected && select(tab.id)}
                sx={TAB_SX}
              />
            );
          })}
        </Box>
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
