import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { TitlePortal } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { MENU_ENTRIES } from './entries';
import { entryForPath } from './menu';

/** Group › Screen › page title; the last crumb is the page's own title (react-admin's title portal). */
export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const entry = entryForPath(MENU_ENTRIES, pathname);
  const onIndex = entry ? pathname === entry.to : true;
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <MuiBreadcrumbs
      separator={<NavigateNextIcon fontSize="small" />}
      aria-label="breadcrumb"
      sx={{
        color: 'inherit',
        flex: 1,
        minWidth: 0,
        '& ol': { flexWrap: 'nowrap' },
        '& li': { whiteSpace: 'nowrap' },
      }}
    >
      {entry && wide && (
        <Typography variant="body2" sx={{ opacity: 0.75 }}>
          {entry.group}
        </Typography>
      )}
      {entry && !onIndex && (
        <Link component={RouterLink} to={entry.to} color="inherit" underline="hover" variant="body2">
          {entry.label}
        </Link>
      )}
      <TitlePortal variant="body1" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }} />
    </MuiBreadcrumbs>
  );
};
