import { DerivedShow } from '../../common/screens/DerivedScreens';
import { PostContent } from './PostContent';

const shown = [
  'title',
  'website_id',
  'type',
  'status',
  'link',
  'word_count',
  'outbound_links',
  'published_at',
  'modified_at',
  'wp_id',
];

/** The post's fields; its content (WordPress HTML) only through the sanitiser, never as it came. */
export const PostShow = () => (
  <DerivedShow fields={shown} more={[<PostContent key="content" label="Content" wide />]} />
);
