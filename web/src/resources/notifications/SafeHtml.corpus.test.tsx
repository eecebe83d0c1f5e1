// @vitest-environment jsdom
// DOMPurify needs a complete DOM (see html.test.ts).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../server/test/fixtures/xss-payloads';
import { SafeHtml } from './SafeHtml';

const EXECUTABLE = 'script, iframe, object, embed, base, meta, form, style, link, frame, frameset, svg, math';
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'formaction', 'action', 'data'];

/** Elements and attributes in a rendered subtree that could run script or load a document. */
function executableIn(root: HTMLElement): string[] {
  const found = [...root.querySelectorAll(EXECUTABLE)].map((e) => `<${e.tagName.toLowerCase()}>`);
  for (const el of root.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) {
      const value = el.getAttribute(attr) ?? '';
      // eslint-disable-next-line no-control-regex
      const scheme = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
      if (attr.startsWith('on') || attr === 'style' || attr === 'srcdoc') found.push(`${el.tagName} ${attr}`);
      else if (URL_ATTRIBUTES.includes(attr) && /^(?:javascript|vbscript|data):/.test(scheme))
        found.push(`${el.tagName} ${attr}=${value}`);
    }
  }
  return found;
}

describe('the console renders the whole XSS corpus inert, even unsanitised by the server', () => {
  it(`neutralises all ${XSS_PAYLOADS.length} payloads`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    const survivors: string[] = [];
    for (const payload of XSS_PAYLOADS) {
      const { container, unmount } = render(<SafeHtml html={`<p>before</p>${payload}`} testId="m" />);
      const bad = executableIn(container);
      if (bad.length) survivors.push(`${JSON.stringify(payload)} -> ${bad.join(', ')}`);
      unmount();
    }
    expect(survivors).toEqual([]);
  });

  it('would see a payload that survived (the check itself can fail)', () => {
    const raw = document.createElement('div');
    raw.innerHTML = '<img src=x onerror="1"><a href=" javascript:1">x</a><svg></svg>';
    expect(executableIn(raw)).toEqual(['<svg>', 'IMG onerror', 'A href= javascript:1']);
  });
});
