import { Link } from '@mui/material';
import { isSafeHref, LINK_DISPLAY_LIMIT, truncate, withProtocol } from '../format/text';
import { NAText } from './NA';

/** A link shown with http:// prepended when it has no protocol; opens in a new tab (SPEC §2.7). */
export const ExternalLink = ({ url, limit = LINK_DISPLAY_LIMIT }: { url: unknown; limit?: number }) => {
  if (typeof url !== 'string' || !url.trim()) return <NAText />;
  const href = withProtocol(url);
  if (!isSafeHref(href)) return <>{truncate(url, limit)}</>;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
      onClick={(e) => e.stopPropagation()}
      sx={{
        maxWidth: 400,
        display: 'inline-block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        verticalAlign: 'bottom',
      }}
    >
      {truncate(href, limit)}
    </Link>
  );
};
