import OpenInNew from '@mui/icons-material/OpenInNew';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { linkTarget } from './links';

/** The notification's link: a new tab for http(s), a console route for #/… (SPEC §2.7). */
export const ItemLink = ({ link, onOpen }: { link: string | null; onOpen: (inConsole: boolean) => void }) => {
  const target = linkTarget(link);
  if (!target) return null;
  if (target.kind === 'external')
    return (
      <Link
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        onClick={() => onOpen(false)}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        Open link <OpenInNew sx={{ fontSize: 14 }} />
      </Link>
    );
  return (
    <Link component={RouterLink} to={target.to} variant="body2" onClick={() => onOpen(true)}>
      Open
    </Link>
  );
};
