import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, IconButton, Tooltip } from '@mui/material';
import { isSafeHref, withProtocol } from '../format/text';

/** Opens an outside page (a site, a hosting panel) in a new tab: a toolbar button or a small icon. */
export const OpenLinkButton = ({
  href,
  label,
  icon = false,
}: {
  href: string | null | undefined;
  label: string;
  icon?: boolean;
}) => {
  if (!href) return null;
  const url = withProtocol(href);
  if (!isSafeHref(url)) return null;
  const common = {
    href: url,
    target: '_blank',
    rel: 'noopener noreferrer',
    onClick: (e: React.MouseEvent) => e.stopPropagation(),
  };
  if (icon)
    return (
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} {...common}>
          <OpenInNew sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button size="small" startIcon={<OpenInNew />} {...common}>
      {label}
    </Button>
  );
};
