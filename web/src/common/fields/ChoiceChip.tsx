import { Chip, type ChipProps } from '@mui/material';
import { NAText } from './NA';

export type ChipColor = ChipProps['color'];

/** One value of an enumeration as a small chip, with its label and colour when they are known. */
export const ChoiceChip = ({
  value,
  labels,
  colors,
}: {
  value: unknown;
  labels?: Readonly<Record<string, string>>;
  colors?: Readonly<Record<string, ChipColor>>;
}) => {
  if (value === null || value === undefined || value === '') return <NAText />;
  const key = String(value);
  return (
    <Chip
      size="small"
      label={labels?.[key] ?? key}
      color={colors?.[key] ?? 'default'}
      variant={colors?.[key] ? 'filled' : 'outlined'}
    />
  );
};
