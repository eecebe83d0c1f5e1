import { Box, Typography } from '@mui/material';
import { Children, isValidElement, type ReactNode } from 'react';
import { Labeled } from 'react-admin';

interface Props {
  title?: string;
  children: ReactNode;
  /** Columns on wide screens (default 3). */
  columns?: number;
  /** Read by the show layout: a section draws its own labels. */
  label?: false;
}

/**
 * A titled group of a record's fields, laid out in a responsive grid; each child with a label is drawn
 * under that label. Children with `wide` span the whole row.
 */
export const Section = ({ title, children, columns = 3 }: Props) => (
  <Box sx={{ width: '100%' }}>
    {title && (
      <Typography
        variant="overline"
        component="h3"
        sx={{ display: 'block', color: 'text.secondary', fontWeight: 700, mb: 0.5 }}
      >
        {title}
      </Typography>
    )}
    <Box
      sx={{
        typography: 'body2',
        display: 'grid',
        columnGap: 3,
        rowGap: 1.5,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {Children.map(children, (child) =>
        isValidElement<{ wide?: boolean; source?: string; label?: ReactNode }>(child) ? (
          <Box sx={{ gridColumn: child.props.wide ? '1 / -1' : undefined, minWidth: 0 }}>
            {child.props.label === undefined && !child.props.source ? child : <Labeled>{child}</Labeled>}
          </Box>
        ) : null,
      )}
    </Box>
  </Box>
);
