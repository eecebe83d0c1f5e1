import { alpha, lighten, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { CLIPPED_LINE } from '../../fields/clippedLine';

type Styles = SystemStyleObject<Theme>;
const COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/** Small chips (MUI Chip, size small) in every palette colour, filled and outlined. */
function chipStyles(theme: Theme): Styles {
  const { palette } = theme;
  const styles: Record<string, Styles> = {
    '& .sf-chip': {
      maxWidth: '100%',
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      height: 24,
      lineHeight: 1.5,
      color: palette.text.primary,
      backgroundColor: palette.action.selected,
      borderRadius: 12,
      whiteSpace: 'nowrap',
      textDecoration: 'none',
      verticalAlign: 'middle',
      boxSizing: 'border-box',
    },
    '& .sf-chip > .MuiChip-label': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      padding: '0 8px',
    },
    '& .sf-chip.sf-outlined': {
      backgroundColor: 'transparent',
      border: `1px solid ${palette.grey[400]}`,
    },
    '& .sf-chip.sf-outlined > .MuiChip-label': { padding: '0 7px' },
    '& .sf-chip.sf-faint': { opacity: 0.6 },
    '& a.sf-chip': { cursor: 'pointer', userSelect: 'none' },
    '& .sf-chips': { display: 'flex', gap: 1, flexWrap: 'nowrap', maxWidth: 320, overflow: 'hidden' },
    '& .sf-chips > *': { flexShrink: 0 },
    '& .sf-chip-row': { display: 'flex', gap: 0.5, flexWrap: 'wrap' },
  };
  for (const color of COLORS) {
    const { main, contrastText } = palette[color];
    styles[`& .sf-chip.sf-chip-${color}`] = { backgroundColor: main, color: contrastText };
    styles[`& .sf-chip.sf-outlined.sf-chip-${color}`] = {
      backgroundColor: 'transparent',
      color: main,
      border: `1px solid ${alpha(main, 0.7)}`,
    };
    styles[`& a.sf-chip.sf-outlined.sf-chip-${color}:hover`] = {
      backgroundColor: alpha(main, palette.action.hoverOpacity),
    };
  }
  return styles;
}

/** The row checkbox (MUI Checkbox in a small table's checkbox cell) and the small icon buttons. */
function controlStyles(theme: Theme): Styles {
  const { palette } = theme;
  const control: Styles = {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    backgroundColor: 'transparent',
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: '50%',
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    textDecoration: 'none',
  };
  return {
    '& .sf-checkbox': { ...control, padding: 0, color: palette.text.secondary },
    '& .sf-checkbox:hover': { backgroundColor: alpha(palette.primary.main, palette.action.hoverOpacity) },
    '& .sf-checkbox:has(> input:focus-visible)': {
      backgroundColor: alpha(palette.primary.main, palette.action.focusOpacity),
    },
    '& .sf-checkbox.Mui-checked': { color: palette.primary.main },
    '& .sf-checkbox.Mui-disabled': { color: palette.action.disabled, cursor: 'default' },
    '& .sf-checkbox > input': {
      cursor: 'inherit',
      position: 'absolute',
      opacity: 0,
      width: '100%',
      height: '100%',
      top: 0,
      left: 0,
      margin: 0,
      padding: 0,
      zIndex: 1,
    },
    '& .sf-icon-button': {
      ...control,
      flex: '0 0 auto',
      padding: '5px',
      fontSize: theme.typography.pxToRem(18),
      color: palette.action.active,
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
    },
    '& .sf-icon-button:hover, & .sf-icon-button:focus-visible': {
      backgroundColor: alpha(palette.action.active, palette.action.hoverOpacity),
    },
    '& .sf-icon-button:disabled': { color: palette.action.disabled, cursor: 'default' },
    '& .sf-icon': {
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: theme.typography.pxToRem(24),
      userSelect: 'none',
    },
    '& .sf-icon-16': { fontSize: theme.typography.pxToRem(16) },
    '& .sf-icon-20': { fontSize: theme.typography.pxToRem(20) },
  };
}

/**
 * The styles of the list table's rows and cells (ListRows and the cells of common/list/table): one class
 * per kind of element, set once on the table, instead of a styled component per cell. They draw what the
 * MUI components they stand for draw (TableRow, TableCell size small, Checkbox, Chip, Link, IconButton).
 */
export function listTableStyles(theme: Theme): Styles {
  const { palette } = theme;
  return {
    '& .sf-row': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
    '& .sf-row.MuiTableRow-hover:hover': { backgroundColor: palette.action.hover },
    '& .sf-cell': {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${lighten(alpha(palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      padding: '6px 16px',
      color: palette.text.primary,
    },
    '& .sf-cell.sf-center': { textAlign: 'center' },
    '& .sf-cell.sf-right': { textAlign: 'right' },
    // react-admin's theme gives checkbox cells 0 8px (MuiTableCell's paddingCheckbox override)
    '& .sf-cell.sf-check': { width: 24, padding: '0 8px' },
    '& .sf-na': { color: palette.text.disabled },
    '& .sf-link': { color: palette.primary.main, textDecoration: 'none', whiteSpace: 'nowrap' },
    '& .sf-link:hover': { textDecoration: 'underline' },
    '& .sf-link.sf-external': {
      textDecoration: 'underline',
      textDecorationColor: alpha(palette.primary.main, 0.4),
      maxWidth: 400,
      display: 'inline-block',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'bottom',
    },
    '& .sf-link.sf-external:hover': { textDecorationColor: 'inherit' },
    '& .sf-inline': { display: 'inline-flex', alignItems: 'center', gap: 0.5 },
    '& .sf-clip': CLIPPED_LINE,
    '& .sf-pending': {
      display: 'inline-block',
      width: 48,
      height: 4,
      borderRadius: 2,
      verticalAlign: 'middle',
      backgroundColor: alpha(palette.primary.main, 0.2),
    },
    '& .sf-text-error': { color: palette.error.main },
    '& .sf-text-success': { color: palette.success.main },
    '& .sf-text-disabled': { color: palette.action.disabled },
    ...chipStyles(theme),
    ...controlStyles(theme),
  };
}
