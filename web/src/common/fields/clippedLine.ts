/** One line of text cut with an ellipsis at 200 px (a list of values in a cell; the tooltip shows them all). */
export const CLIPPED_LINE = {
  display: 'inline-block',
  maxWidth: 200,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;
