import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_FORM_TYPES,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_LIMITS,
  resources,
  WRITING_TONE_LABELS,
  WRITING_TONES,
  type FieldSpec,
} from '@sitefleet/shared';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { choicesOf } from '../../common/format/choices';
import { ReferencePicker } from '../../common/record/ReferencePicker';
import { validatorsOf } from '../../common/screens/validators';
import { topicRequired } from './rules';

/** The brief's fields both content forms share (an article's, a schedule's), as their resource declares them. */
type BriefFields = Record<
  'form_type' | 'language' | 'topic' | 'number_subsections' | 'paragraphs',
  FieldSpec
>;

/** The inputs of an article's brief that an AI article and a content schedule share (SPEC §3, §5). */
export const FormTypeInput = ({ fields }: { fields: BriefFields }) => (
  <SelectInput
    source="form_type"
    label="Form type"
    choices={choicesOf(CONTENT_FORM_TYPES, CONTENT_FORM_TYPE_LABELS)}
    defaultValue="openai"
    validate={validatorsOf(fields.form_type)}
  />
);

export const ContentWebsitePicker = () => (
  <ReferencePicker
    source="website_id"
    reference={resources.websites.path}
    label="Website"
    optionText="hostname"
  />
);

export const LanguageInput = ({
  fields,
  languages,
}: {
  fields: BriefFields;
  languages: readonly string[];
}) => (
  <SelectInput
    source="language"
    label="Language"
    choices={choicesOf(languages, CONTENT_LANGUAGE_LABELS)}
    defaultValue="en"
    validate={validatorsOf(fields.language)}
  />
);

export const ToneInput = () => (
  <SelectInput source="tone" label="Writing tone" choices={choicesOf(WRITING_TONES, WRITING_TONE_LABELS)} />
);

export const TopicInput = ({ fields }: { fields: BriefFields }) => (
  <TextInput
    source="topic"
    label="Topic"
    validate={[...validatorsOf(fields.topic), topicRequired]}
    fullWidth
  />
);

/** How long the article runs: its subsections and their paragraphs, within SPEC §9's limits. */
export const SizeInputs = ({ fields }: { fields: BriefFields }) => (
  <>
    <NumberInput
      source="number_subsections"
      label="Number of subsections"
      defaultValue={CONTENT_LIMITS.subsectionsDefault}
      min={CONTENT_LIMITS.subsectionsMin}
      max={CONTENT_LIMITS.subsectionsMax}
      validate={validatorsOf(fields.number_subsections)}
    />
    <NumberInput
      source="paragraphs"
      label="Paragraphs per subsection"
      defaultValue={CONTENT_LIMITS.paragraphsDefault}
      min={CONTENT_LIMITS.paragraphsMin}
      max={CONTENT_LIMITS.paragraphsMax}
      validate={validatorsOf(fields.paragraphs)}
    />
  </>
);
