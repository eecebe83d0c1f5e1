import { useRecordContext } from 'react-admin';
import { getPath } from '../list/export/exportRules';
import { ExternalLink } from './ExternalLink';
import { BooleanValue, ChipsValue, TextValue, TimeValue } from './Values';

type Kind = 'text' | 'time' | 'boolean' | 'chips' | 'link';

interface Props {
  source: string;
  /** Read by the show layout, which draws it above the value. */
  label?: string;
  kind?: Kind;
}

/** A record's value on show pages, drawn by kind, 'N/A' when missing (SPEC §8). */
export const RecordValue = ({ source, kind = 'text' }: Props) => {
  const record = useRecordContext();
  if (!record) return null;
  const value = getPath(record, source);
  switch (kind) {
    case 'time':
      return <TimeValue value={value} />;
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
