import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { secondsToDate } from '../format/dates';
import { isMissing } from '../format/text';
import { getPath } from '../list/export/exportRules';
import { ChoiceChip, type ChipColor } from './ChoiceChip';
import { ExternalLink } from './ExternalLink';
import { NAText } from './NA';
import { BooleanValue, ChipsValue, TextValue, TimeValue } from './Values';

type Kind = 'text' | 'time' | 'date' | 'boolean' | 'chips' | 'link' | 'choice' | 'multiline' | 'code';

interface Props {
  source: string;
  /** Read by the show layout, which draws it above the value. */
  label?: string;
  kind?: Kind;
  /** For kind choice: labels and chip colours of the values. */
  labels?: Readonly<Record<string, string>>;
  colors?: Readonly<Record<string, ChipColor>>;
  /** Spans the whole row of a Section. */
  wide?: boolean;
}

/** A record's value on show pages, drawn by kind, 'N/A' when missing (SPEC §8). */
export const RecordValue = ({ source, kind = 'text', labels, colors }: Props) => {
  const record = useRecordContext();
  if (!record) return null;
  const value = getPath(record, source);
  switch (kind) {
    case 'time':
      return <TimeValue value={value} />;
    case 'date':
      return <TextValue value={secondsToDate(value)} />;
    case 'choice':
      return <ChoiceChip value={value} labels={labels} colors={colors} />;
    case 'multiline':
    case 'code':
      return isMissing(value) ? (
        <NAText />
      ) : (
        <Typography
          component="span"
          variant="body2"
          sx={{
            display: 'block',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: kind === 'code' ? 'monospace' : undefined,
          }}
        >
          {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
        </Typography>
      );
    case 'boolean':
      return <BooleanValue value={value} />;
    case 'chips':
      return <ChipsValue value={value} />;
    case 'link':
      return <ExternalLink url={value} />;
    default:
      return <TextValue value={value} />;
  }
};
