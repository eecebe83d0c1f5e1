import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, UPLOAD_SRC, UPLOADS_PATH } from '@sitefleet/shared';
import sanitizeHtml from 'sanitize-html';

export { UPLOADS_PATH };

/**
 * The rich-text allowlist's rules (SPEC §5), shared by notifications and generated articles: formatting
 * elements only; no script, style, frame, form or event handler; links over http(s) and mailto, images over
 * http(s).
 */
export const RICH_TEXT_RULES: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped script-like elements is dropped with them, never shown as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
};

const RICH_TEXT: sanitizeHtml.IOptions = {
  ...RICH_TEXT_RULES,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : { ...attribs, target: '', rel: '' },
      };
    },
  },
  exclusiveFilter: (frame) =>
    // A relative image must be one of ours; anything else (a path on another origin's terms) is dropped.
    frame.tag === 'img' &&
    (!frame.attribs.src || (!/^https?:\/\//i.test(frame.attribs.src) && !UPLOAD_SRC.test(frame.attribs.src))),
};

/**
 * Sanitises a notification's rich text (SPEC §5): an allowlist of formatting elements; no scripts, styles,
 * frames, forms or event handlers; links and images only over http(s) (mailto for links), never
 * javascript: or data:; external links open in a new tab without an opener.
 */
export function sanitizeRichText(html: string): string {
  // NUL is never content (HTML parsers drop or replace it) and PostgreSQL text cannot store it.
  const clean = sanitizeHtml(html.replaceAll('\u0000', ''), RICH_TEXT);
  // Empty attributes left by the link transform are noise.
  return clean.replace(/ (?:target|rel)=""/g, '');
}

/** Whether sanitised rich text has any content a reader would see (text or an image). */
export function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'transform',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'preserveAspectRatio',
  'clip-path',
  'clip-rule',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'dx',
  'dy',
  'patternUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'operator',
  'href',
  'xlink:href',
];

/**
 * Sanitises an uploaded SVG: drawing elements only (no script, foreignObject, animation or style), no event
 * handlers, and references (href) only to fragments inside the image. Answers null when the result is not
 * an SVG image.
 */
export function sanitizeSvg(svg: string): string | null {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'animate', 'set', 'animateTransform', 'animateMotion'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    exclusiveFilter: () => false,
    transformTags: {
      '*': (tagName, attribs) => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(attribs)) {
          if ((k === 'href' || k === 'xlink:href') && !v.trim().startsWith('#')) continue;
          if (/url\s*\(\s*['"]?\s*(?!#)/i.test(v)) continue; // url() only to fragments
          out[k] = v;
        }
        return { tagName, attribs: out };
      },
    },
  });
  return /^\s*<svg[\s>]/.test(clean) ? clean : null;
}
