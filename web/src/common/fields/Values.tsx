import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import { Chip, Stack, Tooltip, Typography } from '@mui/material';
import { formatTime, formatRecordDate } from '../format/dates';
import { displayText, isMissing } from '../format/text';
import { CLIPPED_LINE } from './clippedLine';
import { NAText } from './NA';

export const TextValue = ({ value }: { value: unknown }) =>
  isMissing(value) ? <NAText /> : <>{displayText(value)}</>;

export const BooleanValue = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <NAText />
  ) : value ? (
    <CheckCircleOutline fontSize="small" color="success" titleAccess="Yes" />
  ) : (
    <RemoveCircleOutline fontSize="small" color="disabled" titleAccess="No" />
  );

/** A timestamp in the default time format, with the record format as tooltip. */
export const TimeValue = ({ value }: { value: unknown }) => {
  const text = formatTime(value);
  if (!text) return <NAText />;
  return (
    <Tooltip title={formatRecordDate(value) ?? ''}>
      <span>{text}</span>
    </Tooltip>
  );
};

export const ChipsValue = ({ value }: { value: unknown }) => {
  if (!Array.isArray(value) || value.length === 0) return <NAText />;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {value.map((item) => (
        <Chip key={String(item)} label={String(item)} size="small" />
      ))}
    </Stack>
  );
};

/** Strings joined on one line, cut with an ellipsis; the whole list shows in a tooltip. */
export const ListValue = ({ value }: { value: unknown }) => {
  if (!Array.isArray(value) || value.length === 0) return <NAText />;
  const text = value.map(String).join(', ');
  return (
    <Tooltip title={value.map(String).join('\n')} slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}>
      <Typography component="span" variant="body2" sx={CLIPPED_LINE}>
        {text}
      </Typography>
    </Tooltip>
  );
};
