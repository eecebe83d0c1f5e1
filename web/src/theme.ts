import { defaultTheme, type RaThemeOptions } from 'react-admin';

const navy = '#1e3a5f';

/** Whether the operator's system asks for reduced motion (read once, when the console loads). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches)
  );
}

const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/**
 * With reduced motion asked for (WCAG 2.3.3), nothing slides, grows or fades: panels, menus and dialogs open
 * at once, so nothing moves under the pointer while it is being pressed, and buttons show no ripple.
 */
const STILL: Pick<RaThemeOptions, 'transitions'> = {
  transitions: { create: () => 'none', duration: NO_DURATION, getAutoHeightDuration: () => 0 },
};

/** react-admin's light theme with the Sitefleet palette and SPEC §9 sidebar widths (240 / 55). */
export const themeFor = (reducedMotion: boolean): RaThemeOptions => ({
  ...defaultTheme,
  ...(reducedMotion ? STILL : {}),
  palette: {
    mode: 'light',
    primary: { main: navy, light: '#4a6a94', dark: '#0f2440', contrastText: '#fff' },
    secondary: { main: '#0288d1', contrastText: '#fff' },
    background: { default: '#f3f5f9', paper: '#fff' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: 240, closedWidth: 55 },
  typography: {
    ...defaultTheme.typography,
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    ...defaultTheme.components,
    ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
    MuiPaper: {
      styleOverrides: {
        elevation1: { boxShadow: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)' },
      },
    },
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { paddingRight: 8 } } } },
    RaDataTable: {
      styleOverrides: {
        root: {
          '& .RaDataTable-headerCell': { fontWeight: 600, backgroundColor: '#f8f9fb', whiteSpace: 'nowrap' },
          // short values (names, references, chips) stay on one line; wide tables scroll instead
          '& .RaDataTable-rowCell a, & .RaDataTable-rowCell .MuiChip-root': { whiteSpace: 'nowrap' },
          '& .RaDataTable-row:hover': { backgroundColor: '#f1f5fb' },
        },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderRadius: 6,
          margin: '1px 6px',
          '&.RaMenuItemLink-active': {
            backgroundColor: 'rgba(30, 58, 95, 0.10)',
            color: navy,
            fontWeight: 600,
          },
          '&.RaMenuItemLink-active .RaMenuItemLink-icon': { color: navy },
        },
      },
    },
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f8f9fb' } } },
    RaLayout: {
      styleOverrides: {
        // the page never grows wider than the screen: wide tables scroll inside their card instead
        root: { minWidth: 0, '& .RaLayout-content': { padding: 16, minWidth: 0, overflowX: 'hidden' } },
      },
    },
    RaList: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaList-main, & .RaList-main > *': { minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        },
      },
    },
  },
});

export const theme = themeFor(prefersReducedMotion());
