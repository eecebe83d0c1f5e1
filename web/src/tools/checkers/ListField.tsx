import { Box, Stack, Typography } from '@mui/material';
import { DELIMITER_NAMES, splitList, type DelimiterName } from '@sitefleet/shared';
import { useEffect, useRef } from 'react';
import { RadioButtonGroupInput, TextInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { pluralise } from '../../common/fields/CountChip';
import { choicesOf } from '../../common/format/choices';
import { DELIMITER_LABELS, listProblem, rejoinDefaults } from './lists';

/** A list the checker takes as one textbox plus the delimiter that splits it (SPEC §7.5). */
export interface ListFieldDef {
  source: string;
  delimiterSource: string;
  label: string;
  /** Singular, for the live count: "12 domains". */
  noun: string;
  max: number;
  placeholder?: string;
  /** The prefilled items, rewritten when the delimiter changes until the user edits them. */
  defaults?: readonly string[];
}

const DELIMITER_CHOICES = choicesOf(DELIMITER_NAMES, DELIMITER_LABELS);

const sizeOf =
  (def: ListFieldDef): Validator =>
  (value: unknown, values: Record<string, unknown>) =>
    listProblem(String(value ?? ''), String(values[def.delimiterSource] ?? ''), def.max, def.noun);

/** Keeps the untouched defaults written with the chosen delimiter. */
function useDefaultsFollow(def: ListFieldDef, delimiter: DelimiterName) {
  const { getValues, setValue } = useFormContext();
  const previous = useRef(delimiter);
  useEffect(() => {
    const from = previous.current;
    previous.current = delimiter;
    if (!def.defaults) return;
    const text = rejoinDefaults(String(getValues(def.source) ?? ''), def.defaults, from, delimiter);
    if (text !== null) setValue(def.source, text);
  }, [def, delimiter, getValues, setValue]);
}

export const ListField = ({ def }: { def: ListFieldDef }) => {
  const text = String(useWatch({ name: def.source }) ?? '');
  const delimiter = useWatch({ name: def.delimiterSource }) as DelimiterName;
  useDefaultsFollow(def, delimiter);
  const count = splitList(text, delimiter).length;
  return (
    <Box>
      <TextInput
        source={def.source}
        label={def.label}
        placeholder={def.placeholder}
        multiline
        minRows={5}
        maxRows={16}
        fullWidth
        validate={sizeOf(def)}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <RadioButtonGroupInput
          source={def.delimiterSource}
          label={`${def.noun[0]!.toUpperCase()}${def.noun.slice(1)} delimiter`}
          choices={DELIMITER_CHOICES}
          row
          helperText={false}
        />
        <Box sx={{ flex: 1 }} />
        <Typography
          variant="body2"
          sx={{ color: count > def.max ? 'error.main' : 'text.secondary' }}
          data-testid={`${def.source}-count`}
        >
          {pluralise(count, def.noun)}
        </Typography>
      </Stack>
    </Box>
  );
};
