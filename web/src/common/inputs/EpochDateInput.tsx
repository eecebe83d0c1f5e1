import { TextInput } from 'react-admin';
import { dateToSeconds, secondsToDate } from '../format/dates';

/** A date picked as YYYY-MM-DD and stored as epoch seconds (SPEC §5: dates are stored as seconds). */
export const EpochDateInput = ({ source, label }: { source: string; label: string }) => (
  <TextInput
    source={source}
    label={label}
    type="date"
    format={(value: unknown) => secondsToDate(value) ?? ''}
    parse={(text: string) => (text ? dateToSeconds(text) : null)}
    slotProps={{ inputLabel: { shrink: true } }}
    helperText={false}
  />
);
