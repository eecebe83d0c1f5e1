/**
 * The rich-text allowlist (SPEC §5): the elements and attributes a notification or comment may keep. The
 * server sanitises with it on write; the console sanitises again with it before rendering.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'mark',
] as const;

/** Attributes kept, per element. */
export const RICH_TEXT_ATTRIBUTES = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
} as const satisfies Partial<Record<(typeof RICH_TEXT_TAGS)[number], readonly string[]>>;

/** Where uploaded notification images are served; the only relative image source a message may use. */
export const UPLOADS_PATH = '/nms/uploads/';
/** An uploaded image's path exactly (a prefix check would let /nms/uploads/../../ reach any route). */
export const UPLOAD_SRC = /^\/nms\/uploads\/[0-9a-f]{32}\.(?:gif|jpg|png|svg)$/;
