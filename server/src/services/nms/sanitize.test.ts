import { describe, expect, it } from 'vitest';
import { executableParts, XSS_GROUPS, XSS_PAYLOADS } from '../../../test/fixtures/xss-payloads.js';
import { hasContent, sanitizeRichText, sanitizeSvg } from './sanitize.js';

const UPLOAD = '/nms/uploads/0123456789abcdef0123456789abcdef.png';
const EXTERNAL = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('the XSS corpus', () => {
  it('has well over 200 distinct payloads in every group', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
    for (const g of XSS_GROUPS) expect(g.payloads.length, g.name).toBeGreaterThanOrEqual(10);
  });

  it('is recognised as executable before sanitising (the checker is not blind)', () => {
    const flagged = XSS_PAYLOADS.filter((p) => executableParts(p).length > 0);
    // Pure text payloads (entity-encoded markup, attribute fragments) are harmless as they stand.
    expect(flagged.length).toBeGreaterThan(XSS_PAYLOADS.length * 0.9);
    expect(executableParts('<p><a href="jav&#x09;ascript:alert(1)">x</a></p>')).not.toEqual([]);
    expect(executableParts('<p><a href="\u0001javascript:alert(1)">x</a></p>')).not.toEqual([]);
    expect(executableParts('<svg><a xlink:href="javascript:x"></a></svg>')).not.toEqual([]);
    expect(executableParts('<p>fine <a href="https://example.com/">link</a></p>')).toEqual([]);
  });
});

describe('sanitizeRichText', () => {
  it.each(XSS_GROUPS.map((g) => [g.name, g.payloads] as const))(
    'leaves nothing executable: %s',
    (_name, payloads) => {
      for (const payload of payloads) {
        const clean = sanitizeRichText(payload);
        expect(executableParts(clean), `${JSON.stringify(payload)} -> ${JSON.stringify(clean)}`).toEqual([]);
        // Stable: sanitising the output again changes nothing (a mutation would show up here).
        expect(sanitizeRichText(clean), JSON.stringify(payload)).toBe(clean);
      }
    },
  );

  it('keeps nothing executable when payloads are nested inside allowed formatting', () => {
    for (const payload of XSS_PAYLOADS) {
      for (const wrapped of [
        `<p><strong>${payload}</strong></p>`,
        `<ul><li>${payload}</li></ul>`,
        `<a href="https://example.com/">${payload}</a>`,
      ]) {
        expect(executableParts(sanitizeRichText(wrapped)), JSON.stringify(wrapped)).toEqual([]);
      }
    }
  });

  it('keeps benign rich text intact', () => {
    const benign = [
      '<p>Hello <strong>team</strong>, <em>please</em> <u>read</u> this.</p>',
      '<h2>Release</h2><ol><li>one</li><li>two</li></ol><ul><li>three</li></ul>',
      '<blockquote>quoted</blockquote><pre><code>const a = 1 &lt; 2;</code></pre>',
      '<p>x<sub>2</sub> y<sup>3</sup> <s>old</s> <del>gone</del> <mark>hot</mark></p>',
      '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td rowspan="1">b</td></tr></tbody></table>',
      `<p><img src="${UPLOAD}" alt="chart" width="320" height="200" /></p>`,
      '<p><img src="https://cdn.example.com/logo.png" alt="logo" /></p>',
      '<p><a href="#/dms/api/v1/websites/1/show">the site</a> and <a href="mailto:ops@example.com">ops</a></p>',
      '<figure><img src="https://cdn.example.com/a.jpg" alt="a" /><figcaption>Caption</figcaption></figure>',
      '<p>Line<br />break</p><hr />',
      '<p>Ampersands &amp; quotes " and non-ASCII: café, 日本, emoji 🎉</p>',
    ];
    for (const html of benign) expect(sanitizeRichText(html)).toBe(html);
  });

  it('opens external links in a new tab without an opener, whatever the link said', () => {
    expect(sanitizeRichText('<a href="https://example.com/x">x</a>')).toBe(
      `<a href="https://example.com/x" ${EXTERNAL}>x</a>`,
    );
    expect(sanitizeRichText('<a href="HTTP://example.com/" target="_self" rel="opener">x</a>')).toBe(
      `<a href="HTTP://example.com/" ${EXTERNAL}>x</a>`,
    );
    // Console links stay in the app: no target, no rel.
    expect(sanitizeRichText('<a href="#/nms/api/v1/notifications" target="_blank" rel="x">n</a>')).toBe(
      '<a href="#/nms/api/v1/notifications">n</a>',
    );
  });

  it('accepts images only from the uploads path or over http(s)', () => {
    const img = (src: string) => sanitizeRichText(`<p>t<img src="${src}" alt="a"></p>`);
    expect(img(UPLOAD)).toContain(`src="${UPLOAD}"`);
    expect(img('https://cdn.example.com/a.gif')).toContain('<img');
    for (const src of [
      '/nms/uploads/../../ums/api/v1/users',
      '/nms/uploads/%2e%2e/%2e%2e/ums/api/v1/users',
      '/nms/uploads/0123456789abcdef0123456789abcdef.png/../../x',
      '/ums/api/v1/users/me',
      'relative.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      '',
    ]) {
      expect(img(src), src).toBe('<p>t</p>');
    }
  });

  it('drops comments, styles and unknown attributes but keeps the text', () => {
    expect(sanitizeRichText('<p class="x" id="y" style="color:red" data-x="1">a<!-- hidden --></p>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeRichText('<div><section>block</section></div>')).toBe('block');
  });
});

describe('hasContent', () => {
  it('is false for markup without text or images', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p> </p>',
      '<p><br></p>',
      '<p>&nbsp;</p>',
      '<p>\u00a0\n\t</p>',
    ])
      expect(hasContent(sanitizeRichText(html)), JSON.stringify(html)).toBe(false);
    expect(hasContent(sanitizeRichText('<script>alert(1)</script>'))).toBe(false);
  });

  it('is true for text or an image', () => {
    expect(hasContent(sanitizeRichText('<p>x</p>'))).toBe(true);
    expect(hasContent(sanitizeRichText(`<p><img src="${UPLOAD}"></p>`))).toBe(true);
  });
});

describe('sanitizeSvg', () => {
  const SVG = 'xmlns="http://www.w3.org/2000/svg"';
  const clean = (svg: string) => {
    const out = sanitizeSvg(svg);
    expect(out, svg).not.toBeNull();
    return out!;
  };
  const noActiveContent = (out: string) => {
    expect(out).not.toMatch(/<script|<foreignObject|<iframe|<style|<animate|<set\b|<handler|<image|<a\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:|https?:\/\/evil/i);
  };

  it('keeps drawing elements and attributes', () => {
    const svg = `<svg ${SVG} viewBox="0 0 10 10" width="10" height="10"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect x="1" y="1" width="8" height="8" fill="url(#g)"/><use href="#g"/><text x="1" y="9">Hi</text></svg>`;
    const out = clean(svg);
    expect(out).toContain('<rect x="1" y="1" width="8" height="8" fill="url(#g)"');
    expect(out).toContain('viewBox="0 0 10 10"');
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('<use href="#g"');
    expect(out).toContain('>Hi</text>');
  });

  it('removes scripts, handlers, foreign content, animation, styles and outside references', () => {
    const hostile = [
      `<svg ${SVG} onload="alert(1)"><rect width="1" height="1"/></svg>`,
      `<svg ${SVG}><script>alert(1)</script><rect width="1" height="1"/></svg>`,
      `<svg ${SVG}><script xlink:href="https://evil.example/x.js"/><circle r="1"/></svg>`,
      `<svg ${SVG}><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"/></body></foreignObject><circle r="1"/></svg>`,
      `<svg ${SVG}><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>`,
      `<svg ${SVG}><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
      `<svg ${SVG}><use href="https://evil.example/sprite.svg#a"/><circle r="1"/></svg>`,
      `<svg ${SVG}><use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/><circle r="1"/></svg>`,
      `<svg ${SVG}><image href="https://evil.example/track.png"/><circle r="1"/></svg>`,
      `<svg ${SVG}><rect fill="url(https://evil.example/p.svg#x)" width="1" height="1"/></svg>`,
      `<svg ${SVG}><rect fill="url(&#x68;ttps://evil.example/p.svg#x)" width="1" height="1"/></svg>`,
      `<svg ${SVG}><rect style="fill:url(https://evil.example/x)" width="1" height="1"/></svg>`,
      `<svg ${SVG}><style>@import url(https://evil.example/x.css);</style><circle r="1"/></svg>`,
      `<svg ${SVG}><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onmouseover" to="alert(1)"/><circle r="1"/></svg>`,
      `<svg ${SVG}><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler><circle r="1"/></svg>`,
      `<svg ${SVG}><g onclick="alert(1)"><circle r="1" onmouseover="alert(2)"/></g></svg>`,
      `<svg ${SVG}><text><![CDATA[</text><script>alert(1)</script>]]></text></svg>`,
      `<svg ${SVG}><use href=" javascript:alert(1)"/><circle r="1"/></svg>`,
    ];
    for (const svg of hostile) {
      const out = clean(svg);
      noActiveContent(out);
      expect(out.startsWith('<svg')).toBe(true);
    }
  });

  it('answers null when nothing SVG is left', () => {
    expect(sanitizeSvg('<html><body>x</body></html>')).toBeNull();
    expect(sanitizeSvg('<script>alert(1)</script>')).toBeNull();
    expect(sanitizeSvg('<SVG onload="alert(1)"></SVG>')).toBeNull(); // SVG is case-sensitive XML
  });
});
