import {
  CONTENT_FORM_TYPE_LABELS,
  CONTENT_LANGUAGE_LABELS,
  CONTENT_STATUS_LABELS,
  resources,
  WRITING_TONE_LABELS,
} from '@sitefleet/shared';
import { ResourceList } from '../../common/list/ResourceList';
import { screenFilters } from '../../common/screens/filters';
import { RunCommandButton } from '../../tools/artisan/RunCommandButton';
import { contentColumns } from './columns';
import { GeneratorNotice } from './GeneratorNotice';

const filters = screenFilters(resources.openAiContent, [
  ['topic', { quick: true }],
  ['status', { labels: CONTENT_STATUS_LABELS }],
  ['language', { labels: CONTENT_LANGUAGE_LABELS }],
  ['tone', { labels: WRITING_TONE_LABELS }],
  'website_id',
  'title',
  ['form_type', { labels: CONTENT_FORM_TYPE_LABELS }],
  'schedule_id',
  'ready',
  'article_words',
  'cost',
  'model',
]);

/**
 * SPEC §2.5 open-ai-content: the articles, their status, size and cost; which generator writes them; the
 * queued ones written now on demand (the run also sweeps every ten minutes).
 */
export const OpenAiContentList = () => (
  <>
    <GeneratorNotice />
    <ResourceList
      columns={contentColumns}
      filters={filters}
      createLabel="New article"
      actions={<RunCommandButton service="dms" command="content:generate" label="Write queued" />}
    />
  </>
);
