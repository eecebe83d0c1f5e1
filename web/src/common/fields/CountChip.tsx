import { Chip } from '@mui/material';
import { Link } from 'react-router-dom';
import { filteredListPath } from '../format/links';

interface Props {
  count: unknown;
  /** Singular noun: "domain" → "1 domain", "3 domains". */
  noun: string;
  /** The list to open, filtered by `filter` (for example the registrar's domains). */
  resource?: string;
  filter?: Record<string, unknown>;
}

export const pluralise = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** A count such as "21 domains" that opens the matching, filtered list when it is not zero. */
export const CountChip = ({ count, noun, resource, filter }: Props) => {
  const n = typeof count === 'number' ? count : Number(count ?? 0) || 0;
  const label = pluralise(n, noun);
  if (!resource || !filter || n === 0)
    return <Chip size="small" label={label} variant="outlined" sx={{ opacity: n ? 1 : 0.6 }} />;
  return (
    <Chip
      size="small"
      label={label}
      color="primary"
      variant="outlined"
      clickable
      component={Link}
      to={filteredListPath(resource, filter)}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    />
  );
};
