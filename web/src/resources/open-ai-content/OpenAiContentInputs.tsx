import { Box } from '@mui/material';
import { CONTENT_LANGUAGES, resources } from '@sitefleet/shared';
import { BooleanInput, TextInput } from 'react-admin';
import { formGrid, FormSection } from '../../common/inputs/FormSection';
import { StringListInput } from '../../common/inputs/StringListInput';
import { validatorsOf } from '../../common/screens/validators';
import {
  ContentWebsitePicker,
  FormTypeInput,
  LanguageInput,
  SizeInputs,
  ToneInput,
  TopicInput,
} from './BriefInputs';
import { NarrativaNoApi } from './NarrativaNoApi';

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
        <FormTypeInput fields={f} />
        <ContentWebsitePicker />
        <LanguageInput fields={f} languages={CONTENT_LANGUAGES} />
        <ToneInput />
      </Box>
    </FormSection>
    <FormSection title="Brief">
      <TopicInput fields={f} />
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
        <SizeInputs fields={f} />
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
