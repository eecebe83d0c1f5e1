import type { ChipProps } from '@mui/material';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import {
  displayText,
  isMissing,
  isSafeHref,
  LINK_DISPLAY_LIMIT,
  NA,
  truncate,
  withProtocol,
} from '../../format/text';
import { ICONS, type IconPaths } from './icons';

/*
 * The parts list cells are drawn with: plain elements with the classes of listTableStyles (tableStyles.ts),
 * so they only look right inside a ListTable. They stand for NAText, TextValue, Chip, Link, IconButton and
 * the Material icons, and a `data-tip` attribute for the table's one tooltip (TableTooltip) instead of a
 * Tooltip each.
 */

const stop = (event: MouseEvent) => event.stopPropagation();

export const CellNA = () => <span className="sf-na">{NA}</span>;

export const CellText = ({ value }: { value: unknown }) =>
  isMissing(value) ? <CellNA /> : <>{displayText(value)}</>;

export const CellIcon = ({
  paths,
  size,
  className,
  title,
}: {
  paths: IconPaths;
  size?: 16 | 20;
  className?: string;
  /** An accessible name (titleAccess); without it the icon is decoration. */
  title?: string;
}) => (
  <svg
    className={`sf-icon${size ? ` sf-icon-${size}` : ''}${className ? ` ${className}` : ''}`}
    focusable="false"
    viewBox="0 0 24 24"
    aria-hidden={title ? undefined : true}
    role={title ? 'img' : undefined}
  >
    {title && <title>{title}</title>}
    {paths.map((d) => (
      <path key={d} d={d} fillRule="evenodd" />
    ))}
  </svg>
);

const CHIP_COLORS = new Set(['primary', 'secondary', 'error', 'warning', 'info', 'success']);

/** MUI's small Chip: filled or outlined, in a palette colour; a link when given `to`. */
export const CellChip = ({
  label,
  color = 'default',
  outlined = false,
  faint = false,
  tip,
  to,
  testId,
}: {
  label: ReactNode;
  color?: ChipProps['color'];
  outlined?: boolean;
  faint?: boolean;
  /** Tooltip text (also the chip's accessible label, as MUI's Tooltip gives it). */
  tip?: string;
  /** Opens this console path. */
  to?: string;
  testId?: string;
}) => {
  const nav = useContext(CellNavContext);
  const className =
    `MuiChip-root MuiChip-sizeSmall sf-chip ${outlined ? 'MuiChip-outlined sf-outlined' : 'MuiChip-filled'}` +
    `${CHIP_COLORS.has(color) ? ` sf-chip-${color}` : ''}${faint ? ' sf-faint' : ''}`;
  const content = <span className="MuiChip-label MuiChip-labelSmall">{label}</span>;
  if (to)
    return (
      <a className={className} href={nav.href(to)} data-to={to} onClick={nav.onClick} data-testid={testId}>
        {content}
      </a>
    );
  return (
    <div className={className} data-tip={tip} aria-label={tip} data-testid={testId}>
      {content}
    </div>
  );
};

/** How cell links reach the router: the href prefix ('#/' under the hash router) and the click. */
export interface CellNav {
  href: (to: string) => string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export const CellNavContext = createContext<CellNav>({
  href: (to) => `#${to}`,
  onClick: stop,
});

/** A link to a console path (a record's show page), underlined on hover, like MUI's Link. */
export const CellLink = ({ to, children }: { to: string; children: ReactNode }) => {
  const nav = useContext(CellNavContext);
  return (
    <a className="sf-link" href={nav.href(to)} data-to={to} onClick={nav.onClick}>
      {children}
    </a>
  );
};

/** ExternalLink's cell: an outside page in a new tab, shown with http:// when it has no protocol. */
export const CellExternalLink = ({ url, limit = LINK_DISPLAY_LIMIT }: { url: unknown; limit?: number }) => {
  if (typeof url !== 'string' || !url.trim()) return <CellNA />;
  const href = withProtocol(url);
  if (!isSafeHref(href)) return <>{truncate(url, limit)}</>;
  return (
    <a
      className="sf-link sf-external"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={href}
      onClick={stop}
    >
      {truncate(href, limit)}
    </a>
  );
};

/** OpenLinkButton's icon form: opens an outside page (the site itself) in a new tab. */
export const CellOpenLink = ({ href, label }: { href: string | null | undefined; label: string }) => {
  if (!href) return null;
  const url = withProtocol(href);
  if (!isSafeHref(url)) return null;
  return (
    <a
      className="sf-icon-button"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      data-tip={label}
      onClick={stop}
    >
      <CellIcon paths={ICONS.openInNew} size={16} />
    </a>
  );
};
