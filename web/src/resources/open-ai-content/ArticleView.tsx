import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { CONTENT_FORM_TYPE_LABELS, resources, type RecordFor } from '@sitefleet/shared';
import { useRecordContext } from 'react-admin';
import { ExternalLink } from '../../common/fields/ExternalLink';
import { RecordValue } from '../../common/fields/RecordValue';
import { TextValue } from '../../common/fields/Values';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { Section } from '../../common/record/Section';
import { SafeHtml } from '../notifications/SafeHtml';
import { StatusChip } from './columns';
import { formatCost, formatCount } from './labels';

type Article = RecordFor<typeof resources.openAiContent>;

const Formatted = ({
  format,
  source,
}: {
  label: string;
  format: (v: unknown) => string | null;
  source: keyof Article;
}) => {
  const record = useRecordContext<Article>();
  return <TextValue value={record ? format(record[source]) : null} />;
};

const Status = (_: { label: string }) => {
  const record = useRecordContext<Article>();
  return record ? <StatusChip record={record} /> : null;
};

/** What the generator wrote: status and cost, the structured parts, then the article itself. */
export const ArticleView = (_: { label?: false }) => {
  const record = useRecordContext<Article>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3, width: '100%' }}>
      <Section title="Generation" columns={4}>
        <Status label="Status" />
        <RecordValue source="model" label="Model" />
        <RecordValue source="generated_at" label="Generated at" kind="time" />
        <Formatted source="cost" label="Cost (USD)" format={formatCost} />
        <Formatted source="article_words" label="Words" format={formatCount} />
        <Formatted source="article_characters" label="Characters" format={formatCount} />
        <Formatted source="prompt_tokens" label="Prompt tokens" format={formatCount} />
        <Formatted source="completion_tokens" label="Completion tokens" format={formatCount} />
        <Formatted source="total_tokens" label="Total tokens" format={formatCount} />
        <ReferenceLink
          source="website_id"
          reference={resources.websites.path}
          optionText="hostname"
          label="Website"
        />
        <RecordValue source="form_type" label="Form type" kind="choice" labels={CONTENT_FORM_TYPE_LABELS} />
        <ExternalLinkValue label="WordPress draft" />
      </Section>
      {record.status === 'failed' && record.error && (
        <Alert severity="error" data-testid="content-error">
          {record.ready ? 'The last regeneration failed; the text below is the one written before. ' : ''}
          {record.error}
        </Alert>
      )}
      {record.status === 'queued' && (
        <Alert severity="info" icon={<CircularProgress size={18} />} data-testid="content-queued">
          Being written by the generator; this page updates when it is done.
        </Alert>
      )}
      <Section title="For the page and social" columns={2}>
        <RecordValue source="title" label="Title" />
        <RecordValue source="metadescription" label="Meta description" />
        <RecordValue source="excerpt" label="Excerpt" />
        <RecordValue source="tweet" label="Tweet" />
        <RecordValue source="image_alt_description" label="Image alt text" />
      </Section>
      {record.html && (
        <Box>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', fontWeight: 700 }}>
            Article
          </Typography>
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
              '& h2': { typography: 'h6', mt: 2 },
            }}
          >
            <SafeHtml html={record.html} testId="article-html" />
          </Box>
        </Box>
      )}
    </Box>
  );
};

const ExternalLinkValue = (_: { label: string }) => {
  const record = useRecordContext<Article>();
  return <ExternalLink url={record?.wp_post_url} limit={60} />;
};
