import { CONTENT_LANGUAGE_LABELS, resources, WRITING_TONE_LABELS, type RecordFor } from '@sitefleet/shared';
import { Show, TabbedShowLayout } from 'react-admin';
import { DateCards } from '../../common/record/DateCards';
import { RecordTitle } from '../../common/record/RecordTitle';
import { Section } from '../../common/record/Section';
import { ShowActions } from '../../common/record/ShowActions';
import { valueOf } from '../../common/screens/values';
import { ArticleView } from './ArticleView';
import { PublishButton } from './PublishButton';
import { RegenerateButton } from './RegenerateButton';

const spec = resources.openAiContent;
type Article = RecordFor<typeof spec>;

/** While a run writes the article the page reloads every 2 s, then stops. */
const POLL_MS = 2000;
const pollWhileQueued = (data: Partial<Article> | undefined) => (data?.status === 'queued' ? POLL_MS : false);

const BRIEF = [
  'topic',
  'description',
  'keywords',
  'persona',
  'tone',
  'language',
  'number_subsections',
  'paragraphs',
  'create_introduction',
  'backlink',
  'backlink_anchor',
  'backlink_2',
  'backlink_2_anchor',
  'schedule_id',
  'due_at',
] as const;

/**
 * SPEC §2.5 open-ai-content show: what was written (status, tokens, cost, the parts and the article) with
 * Regenerate and Publish to WordPress, and the brief it was written from.
 */
export const OpenAiContentShow = () => (
  <Show
    title={<RecordTitle />}
    actions={
      <ShowActions
        extra={
          <>
            <RegenerateButton />
            <PublishButton />
          </>
        }
      />
    }
    queryOptions={{ refetchInterval: (query) => pollWhileQueued(query.state.data) }}
  >
    <DateCards />
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Overview">
        <ArticleView label={false} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Brief" path="brief">
        <Section label={false}>
          {BRIEF.map((key) =>
            valueOf(
              spec,
              key,
              key === 'tone' ? WRITING_TONE_LABELS : key === 'language' ? CONTENT_LANGUAGE_LABELS : undefined,
            ),
          )}
        </Section>
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
