// @vitest-environment jsdom
// DOMPurify needs a complete DOM: under happy-dom it keeps elements it must drop.
import { describe, expect, it } from 'vitest';
import { editorCannotEdit, htmlText, safeHtml } from './html';

describe('rich text in the browser (defence in depth, SPEC §5)', () => {
  it('drops scripts, frames, SVG and event handlers', () => {
    const out = safeHtml(
      '<p onclick="x()">Hi<script>window.__xss=1</script></p><iframe src="https://e.example"></iframe>' +
        '<img src="https://e.example/a.png" onerror="window.__xss=1"><svg onload="window.__xss=1"></svg>',
    );
    expect(out).toBe('<p>Hi</p><img src="https://e.example/a.png">');
  });

  it('keeps safe links, opening outside ones in a new tab without an opener', () => {
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(safeHtml('<a href="https://e.example" target="_self">x</a>')).toBe(
      '<a href="https://e.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(safeHtml('<a href="#/dms/api/v1/domains/3/show" target="_blank">d</a>')).toBe(
      '<a href="#/dms/api/v1/domains/3/show">d</a>',
    );
  });

  it('keeps uploaded and http(s) images only', () => {
    expect(safeHtml('<img src="/nms/uploads/0123abcd.png">')).toBe('<img src="/nms/uploads/0123abcd.png">');
    expect(safeHtml('<p><img src="data:image/svg+xml;base64,PHN2Zz4=">x</p>')).toBe('<p>x</p>');
    expect(safeHtml('<p><img src="/ums/api/v1/users">x</p>')).toBe('<p>x</p>');
  });

  it('reads the words of rich text, blocks apart', () => {
    expect(htmlText('<p>One <b>two</b></p><p>three&amp;four</p><ul><li>five</li></ul>')).toBe(
      'One two three&four five',
    );
    expect(htmlText('<p>a<script>b</script></p>')).toBe('a');
  });

  it('knows which content the editor cannot edit', () => {
    expect(editorCannotEdit('<figure><img src="https://e.example/a.png"></figure>')).toBe(true);
    expect(editorCannotEdit('<p>figures</p>')).toBe(false);
    expect(editorCannotEdit(undefined)).toBe(false);
  });
});
