import { alpha, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { memo, type MouseEvent } from 'react';
import { MenuItemLink } from 'react-admin';
import type { MenuEntry } from './menu';

/**
 * The open sidebar's entries as MenuItemLink draws them, with the theme's RaMenuItemLink look (theme.ts):
 * one class per part, styled once by the menu (menuLinkStyles).
 */
export function menuLinkStyles(theme: Theme): SystemStyleObject<Theme> {
  const { palette } = theme;
  return {
    '& .sf-menu-link': {
      ...theme.typography.body1,
      display: 'flex',
      justifyContent: 'flex-start',
      alignItems: 'center',
      position: 'relative',
      textDecoration: 'none',
      padding: '6px 16px 6px 24px',
      boxSizing: 'border-box',
      whiteSpace: 'nowrap',
      outline: 0,
      color: palette.text.secondary,
      borderRadius: '6px',
      margin: '1px 6px',
      cursor: 'pointer',
      userSelect: 'none',
      WebkitTapHighlightColor: 'transparent',
      [theme.breakpoints.down('sm')]: { minHeight: 48 },
    },
    '& .sf-menu-link:hover': { backgroundColor: palette.action.hover },
    '& .sf-menu-link:focus-visible': { backgroundColor: palette.action.focus },
    '& .sf-menu-link.RaMenuItemLink-active': {
      backgroundColor: alpha(palette.primary.main, 0.1),
      color: palette.primary.main,
      fontWeight: 600,
    },
    '& .sf-menu-link > .RaMenuItemLink-icon': {
      minWidth: theme.spacing(5),
      color: palette.text.secondary,
      flexShrink: 0,
      display: 'inline-flex',
    },
    '& .sf-menu-link.RaMenuItemLink-active > .RaMenuItemLink-icon': { color: palette.primary.main },
    '& .sf-menu-link > .sf-menu-text': { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
  };
}

interface LinkProps {
  entry: MenuEntry;
  active: boolean;
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** One entry of the open sidebar: a link with the entry's icon and label (role menuitem, as MenuItemLink). */
export const MenuLink = memo(({ entry, active, href, onClick }: LinkProps) => (
  <a
    role="menuitem"
    tabIndex={0}
    className={`sf-menu-link RaMenuItemLink-root${active ? ' RaMenuItemLink-active' : ''}`}
    href={href}
    data-to={entry.to}
    aria-current={active ? 'page' : undefined}
    onClick={onClick}
  >
    <span className="RaMenuItemLink-icon">
      <entry.icon />
    </span>
    <span className="sf-menu-text">{entry.label}</span>
  </a>
));
MenuLink.displayName = 'MenuLink';

/** The closed sidebar keeps react-admin's entry, whose tooltip names the icon. */
export const ClosedMenuLink = ({ entry }: { entry: MenuEntry }) => (
  <MenuItemLink to={entry.to} primaryText={entry.label} leftIcon={<entry.icon />} />
);
