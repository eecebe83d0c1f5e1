import { Box } from '@mui/material';
import { MONITOR_LIMITS as L } from '@sitefleet/shared';
import { BooleanInput, maxValue, minValue, NumberInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formGrid } from '../../common/inputs/FormSection';
import { formatDuration } from './timeline';

const integer = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'Must be a whole number';

/** The server's rule: a check must give up before the next one is due. */
const shorterThanInterval = (value: unknown, values: Record<string, unknown>) =>
  value != null && values.interval != null && Number(value) >= Number(values.interval)
    ? 'Must be shorter than the interval'
    : undefined;

/** '300' → 'every 5 min', so the seconds read at a glance. */
const Every = ({ source, prefix, fallback }: { source: string; prefix: string; fallback: string }) => {
  const text = formatDuration(useWatch({ name: source }));
  return <>{text ? `${prefix} ${text}` : fallback}</>;
};

const intervalRules = [required(), integer, minValue(L.intervalMin), maxValue(L.intervalMax)];
const retriesRules = [required(), integer, minValue(0), maxValue(L.retriesMax)];
const timeoutRules = [
  required(),
  integer,
  minValue(L.timeoutMin),
  maxValue(L.timeoutMax),
  shorterThanInterval,
];

/** How often a monitor checks, how long a check may take, and how sure it must be before alerting. */
export const ScheduleInputs = () => (
  <>
    <Box sx={{ ...formGrid, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
      <NumberInput
        source="interval"
        label="Interval (s)"
        defaultValue={L.intervalDefault}
        min={L.intervalMin}
        max={L.intervalMax}
        step={1}
        validate={intervalRules}
        helperText={
          <Every
            source="interval"
            prefix="Checks every"
            fallback={`${L.intervalMin} to ${L.intervalMax} s`}
          />
        }
      />
      <NumberInput
        source="timeout"
        label="Timeout (s)"
        defaultValue={L.timeoutDefault}
        min={L.timeoutMin}
        max={L.timeoutMax}
        step={1}
        validate={timeoutRules}
        helperText={`${L.timeoutMin} to ${L.timeoutMax} s, shorter than the interval`}
      />
      <NumberInput
        source="retries"
        label="Retries"
        defaultValue={L.retriesDefault}
        min={0}
        max={L.retriesMax}
        step={1}
        validate={retriesRules}
        helperText="Failed checks in a row, after the first, before it counts as down"
      />
    </Box>
    <BooleanInput source="paused" label="Paused" helperText="No checks and no alerts while paused" />
  </>
);
