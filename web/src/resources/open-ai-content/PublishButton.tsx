import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import { Button } from '@mui/material';
import { actions, resources, type RecordFor } from '@sitefleet/shared';
import { useNotify, useRecordContext } from 'react-admin';
import { ActionButton, useRecordAction } from '../../common/record/RecordActionButton';
import { isSafeHref } from '../../common/format/text';
import { callAction } from '../../providers/actions';

const spec = actions.content.publishContent;
type Article = RecordFor<typeof resources.openAiContent>;

/**
 * Sends a written article to its website's WordPress as a draft post, once; afterwards the button opens
 * the draft instead. Hidden until the article is written.
 */
export const PublishButton = () => {
  const notify = useNotify();
  const { allowed, busy, run } = useRecordAction(spec);
  const article = useRecordContext<Article>();
  if (!article) return null;
  const draft = article.wp_post_url;
  if (typeof draft === 'string' && isSafeHref(draft))
    return (
      <Button
        size="small"
        href={draft}
        target="_blank"
        rel="noopener noreferrer"
        startIcon={<OpenInNewOutlined />}
      >
        Open WordPress draft
      </Button>
    );
  if (!allowed || article.ready !== true || article.website_id === null) return null;
  const publish = async () => {
    const r = await run((id) => callAction(spec, { params: { id } }));
    if (r) notify(r.message, { type: 'success' });
  };
  return (
    <ActionButton
      label="Publish to WordPress"
      icon={<PublishOutlined />}
      busy={busy}
      onClick={() => void publish()}
    />
  );
};
