import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemText,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useCallback, useRef, type MouseEvent } from 'react';
import {
  DashboardMenuItem,
  useLocation,
  useNavigate,
  usePermissions,
  useSidebarState,
  useStore,
} from 'react-admin';
import { useHref } from 'react-router-dom';
import { NO_PERMISSIONS, type Permissions } from '../providers/permissions';
import { MENU_ENTRIES } from './entries';
import { buildMenu, entryForPath, type VisibleGroup } from './menu';
import { ClosedMenuLink, MenuLink, menuLinkStyles } from './MenuLinks';

interface GroupProps {
  group: VisibleGroup;
  open: boolean;
  active: string | undefined;
  base: string;
  onLink: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const Group = ({ group, open, active, base, onLink }: GroupProps) => {
  const [collapsed, setCollapsed] = useStore<string[]>('sidebar.collapsedGroups', []);
  const expanded = !open || !collapsed.includes(group.name);
  const toggle = () =>
    setCollapsed(expanded ? [...collapsed, group.name] : collapsed.filter((g) => g !== group.name));
  return (
    <Box component="nav" aria-label={group.name}>
      {open ? (
        <ListItemButton onClick={toggle} dense sx={{ pl: 2, mt: 0.5 }}>
          <ListItemText
            primary={group.name}
            slotProps={{
              primary: {
                variant: 'overline',
                sx: { color: 'text.secondary', fontWeight: 700, lineHeight: 1.6 },
              },
            }}
          />
          {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </ListItemButton>
      ) : (
        <Divider sx={{ my: 0.5 }} />
      )}
      <Collapse in={expanded} timeout="auto">
        <List disablePadding>
          {group.entries.map((entry) =>
            open ? (
              <MenuLink
                key={entry.to}
                entry={entry}
                active={entry.to === active}
                href={`${base}${entry.to.replace(/^\//, '')}`}
                onClick={onLink}
              />
            ) : (
              <ClosedMenuLink key={entry.to} entry={entry} />
            ),
          )}
        </List>
      </Collapse>
    </Box>
  );
};

/**
 * The sidebar menu: SPEC §1 groups, each showing only the screens the user may open (SPEC §6). The open
 * sidebar draws its entries as plain links (MenuLinks.tsx) with one location and one click handler for
 * all of them, where react-admin's MenuItemLink matches the route, reads the media query and the sidebar
 * state and mounts a styled MenuItem in each of forty-odd entries.
 */
export const Menu = () => {
  const { permissions } = usePermissions<Permissions>();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { pathname } = useLocation();
  const navigateNow = useNavigate();
  const navigate = useRef(navigateNow);
  navigate.current = navigateNow;
  const base = useHref('/');
  const groups = buildMenu(MENU_ENTRIES, permissions ?? NO_PERMISSIONS);
  const active = entryForPath(
    groups.flatMap((g) => g.entries),
    pathname,
  )?.to;
  // as react-router's Link: a plain left click navigates here; on small screens the drawer then closes.
  // The same handler across navigations (the router's navigate changes with the location), so that only
  // the entries that gain or lose the active mark redraw.
  const onLink = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const to = event.currentTarget.dataset.to;
      if (!to || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
        return;
      event.preventDefault();
      navigate.current(to);
      if (isSmall) setOpen(false);
    },
    [isSmall, setOpen],
  );
  return (
    <Box sx={[{ pt: 1, pb: 2 }, menuLinkStyles]} data-testid="main-menu">
      <DashboardMenuItem />
      {groups.map((group) => (
        <Group key={group.name} group={group} open={open} active={active} base={base} onLink={onLink} />
      ))}
    </Box>
  );
};
