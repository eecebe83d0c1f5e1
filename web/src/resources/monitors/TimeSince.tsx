import { Tooltip } from '@mui/material';
import { NAText } from '../../common/fields/NA';
import { formatRecordDate } from '../../common/format/dates';
import { formatDuration, nowSeconds, relativeTime } from './timeline';

interface Props {
  /** Epoch seconds. */
  value: unknown;
  /** 'ago': '5 min ago' / 'in 2 min'; 'for': how long since, '3 d 4 h'. */
  kind?: 'ago' | 'for';
}

/** A time told relative to now, with the date itself in a tooltip. */
export const TimeSince = ({ value, kind = 'ago' }: Props) => {
  const now = nowSeconds();
  const text =
    kind === 'for'
      ? value === null || value === undefined
        ? null
        : formatDuration(Math.max(0, now - Number(value)))
      : relativeTime(value, now);
  if (!text) return <NAText />;
  return (
    <Tooltip title={formatRecordDate(value) ?? ''}>
      <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
    </Tooltip>
  );
};
