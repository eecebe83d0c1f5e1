import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@sitefleet/shared';
import createDOMPurify, { type DOMPurify } from 'dompurify';

/** The server's rich-text allowlist (SPEC §5); anything else is dropped here too. */
const ALLOWED_TAGS: string[] = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR: string[] = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
/** Links over http(s), mail and console routes (#/…); images over http(s) or from the upload store. */
const ALLOWED_URI = /^(?:https?:\/\/|mailto:|#|\/nms\/uploads\/[0-9a-f]+\.[a-z]+$)/i;
const IMAGE_SRC = /^(?:https?:\/\/|\/nms\/uploads\/[0-9a-f]+\.[a-z]+$)/i;

let instance: DOMPurify | null = null;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Its own DOMPurify instance: the hooks below must not change how react-admin's fields sanitise. */
function purifier(): DOMPurify {
  if (instance) return instance;
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !IMAGE_SRC.test(node.getAttribute('src') ?? '')) {
      node.remove();
    } else if (node.tagName === 'A') {
      if (/^https?:/i.test(node.getAttribute('href') ?? '')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('target');
      }
    }
  });
  instance = purify;
  return purify;
}

/**
 * Rich text the server has sanitised, sanitised again before it reaches the page (defence in depth):
 * no script, frame, style, form or SVG, no event handler, no javascript: or data: URL.
 */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const purify = purifier();
  // without a DOM to parse in, DOMPurify hands back its input: show the markup as text instead
  if (!purify.isSupported) return escapeHtml(html);
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

const BREAKS = new Set(['P', 'BR', 'LI', 'DIV', 'TR', 'TD', 'TH', 'BLOCKQUOTE', 'PRE', 'FIGCAPTION', 'HR']);

/** The words a reader sees in rich text, blocks separated by spaces (`<p>a</p><p>b</p>` → "a b"). */
export function htmlText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(safeHtml(html), 'text/html');
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    const block = node instanceof Element && (BREAKS.has(node.tagName) || /^H\d$/.test(node.tagName));
    if (block) parts.push(' ');
    node.childNodes.forEach(walk);
    if (block) parts.push(' ');
  };
  walk(doc.body);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** SPEC §5: the editor cannot edit content with a figure; such a message is shown read-only. */
export function editorCannotEdit(html: unknown): boolean {
  return typeof html === 'string' && /<figure[\s>/]/i.test(html);
}
