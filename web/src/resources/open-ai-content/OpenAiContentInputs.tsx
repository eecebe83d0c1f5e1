import { Box } from '@mui/material';
import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_FORM_TYPES,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_LANGUAGES,
  CONTENT_LIMITS,
  resources,
  WRITING_TONE_LABELS,
  WRITING_TONES,
} from '@sitefleet/shared';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { validatorsOf } from '../../common/screens/validators';
import { NarrativaNoApi } from './NarrativaNoApi';
import { topicRequired } from './rules';

const f = resources.openAiContent.fields;

const BacklinkInputs = ({
  url,
  anchor,
  n,
}: {
  url: 'backlink' | 'backlink_2';
  anchor: 'backlink_anchor' | 'backlink_2_anchor';
  n: string;
}) => (
  <>
    <TextInput
      source={url}
      label={`${n} backlink URL`}
      validate={validatorsOf(f[url])}
      helperText="The page the article links to"
    />
    <TextInput
      source={anchor}
      label={`${n} backlink anchor`}
      validate={validatorsOf(f[anchor])}
      helperText="The link's words, exactly"
    />
  </>
);

/** Create and Edit of an article's brief (SPEC §3 Open-ai content, §5). */
export const OpenAiContentInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 900 }}>
    <NarrativaNoApi />
    <FormSection title="Generator">
      <Box sx={formGrid}>
        <SelectInput
          source="form_type"
          label="Form type"
          choices={choicesOf(CONTENT_FORM_TYPES, CONTENT_FORM_TYPE_LABELS)}
          defaultValue="openai"
          validate={validatorsOf(f.form_type)}
        />
        <ReferencePicker
          source="website_id"
          reference={resources.websites.path}
          label="Website"
          optionText="hostname"
        />
        <SelectInput
          source="language"
          label="Language"
          choices={choicesOf(CONTENT_LANGUAGES, CONTENT_LANGUAGE_LABELS)}
          defaultValue="en"
          validate={validatorsOf(f.language)}
        />
        <SelectInput
          source="tone"
          label="Writing tone"
          choices={choicesOf(WRITING_TONES, WRITING_TONE_LABELS)}
        />
      </Box>
    </FormSection>
    <FormSection title="Brief">
      <TextInput
        source="topic"
        label="Topic"
        validate={[...validatorsOf(f.topic), topicRequired]}
        fullWidth
      />
      <TextInput
        source="description"
        label="Description"
        validate={validatorsOf(f.description)}
        multiline
        minRows={2}
        fullWidth
      />
      <Box sx={formGrid}>
        <StringListInput source="keywords" label="Keywords" />
        <TextInput
          source="persona"
          label="Persona"
          validate={validatorsOf(f.persona)}
          helperText="Who the article speaks as"
        />
      </Box>
    </FormSection>
    <FormSection title="Structure">
      <Box sx={formGrid}>
        <NumberInput
          source="number_subsections"
          label="Number of subsections"
          defaultValue={CONTENT_LIMITS.subsectionsDefault}
          min={CONTENT_LIMITS.subsectionsMin}
          max={CONTENT_LIMITS.subsectionsMax}
          validate={validatorsOf(f.number_subsections)}
        />
        <NumberInput
          source="paragraphs"
          label="Paragraphs per subsection"
          defaultValue={CONTENT_LIMITS.paragraphsDefault}
          min={CONTENT_LIMITS.paragraphsMin}
          max={CONTENT_LIMITS.paragraphsMax}
          validate={validatorsOf(f.paragraphs)}
        />
        <BooleanInput source="create_introduction" label="Create introduction" defaultValue />
      </Box>
    </FormSection>
    <FormSection title="Backlinks">
      <Box sx={formGrid}>
        <BacklinkInputs url="backlink" anchor="backlink_anchor" n="First" />
        <BacklinkInputs url="backlink_2" anchor="backlink_2_anchor" n="Second" />
      </Box>
    </FormSection>
  </Box>
);
