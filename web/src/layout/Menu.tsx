import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, Divider, List, ListItemButton, ListItemText } from '@mui/material';
import { DashboardMenuItem, MenuItemLink, usePermissions, useSidebarState, useStore } from 'react-admin';
import { NO_PERMISSIONS, type Permissions } from '../providers/permissions';
import { MENU_ENTRIES } from './entries';
import { buildMenu, type VisibleGroup } from './menu';

const Group = ({ group, open }: { group: VisibleGroup; open: boolean }) => {
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
          {group.entries.map((entry) => (
            <MenuItemLink
              key={entry.to}
              to={entry.to}
              primaryText={entry.label}
              leftIcon={<entry.icon />}
              sx={{ pl: open ? 3 : undefined }}
            />
          ))}
        </List>
      </Collapse>
    </Box>
  );
};

/** The sidebar menu: SPEC §1 groups, each showing only the screens the user may open (SPEC §6). */
export const Menu = () => {
  const { permissions } = usePermissions<Permissions>();
  const [open] = useSidebarState();
  const groups = buildMenu(MENU_ENTRIES, permissions ?? NO_PERMISSIONS);
  return (
    <Box sx={{ pt: 1, pb: 2 }} data-testid="main-menu">
      <DashboardMenuItem />
      {groups.map((group) => (
        <Group key={group.name} group={group} open={open} />
      ))}
    </Box>
  );
};
