import { LIMITS, resources } from '@sitefleet/shared';
import { useListParams } from 'react-admin';
import { RecordLink } from '../../common/fields/RecordLink';
import { TextValue } from '../../common/fields/Values';
import { ResourceList } from '../../common/list/ResourceList';
import { screenColumns } from '../../common/screens/columns';
import { screenFilters } from '../../common/screens/filters';
import { postsFilter } from './attachments';
import { PostContent } from './PostContent';

export const postColumns = screenColumns(resources.posts, [
  'title',
  'type',
  'status',
  {
    source: 'website_hostname',
    label: 'Website',
    render: (r) => (
      <RecordLink resource={resources.websites.path} id={r.website_id} text={r.website_hostname} />
    ),
  },
  {
    source: 'website_domain_rating',
    label: 'Domain rating',
    align: 'right',
    render: (r) => <TextValue value={r.website_domain_rating} />,
  },
  'word_count',
  'outbound_links',
  'modified_at',
  ['published_at', { hidden: true }],
  ['link', { hidden: true }],
  ['id', { hidden: true }],
]);

// exclude_type is the attachments rule below, not a filter the user sets
const filters = screenFilters(resources.posts, [
  ['title', { quick: true }],
  'type',
  'status',
  'website_id',
  'word_count',
  'outbound_links',
  'published_at',
  'modified_at',
]);

/** SPEC §2.5 posts: rows expand to their (sanitised) content; attachments only when filtered by type. */
export const PostList = () => {
  // The list's own filter values, read where the permanent filter is chosen (the same URL and store).
  const [query] = useListParams({
    resource: resources.posts.path,
    sort: resources.posts.defaultSort,
    perPage: LIMITS.defaultPerPage,
  });
  return (
    <ResourceList
      columns={postColumns}
      filters={filters}
      filter={postsFilter(query.filter)}
      expand={<PostContent />}
      smallScreen={['title', 'type', 'website_hostname']}
    />
  );
};
