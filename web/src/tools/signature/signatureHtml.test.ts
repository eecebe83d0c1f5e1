import { describe, expect, it } from 'vitest';
import { buildSignatureHtml, buildSignatureText, escapeHtml, telHref } from './signatureHtml';

const jane = {
  name: 'Jane',
  surname: 'Doe',
  role: 'SEO <Lead>',
  mobile: '+31 6 1234-5678',
  skype: 'jane.doe',
};

describe('signature generator (SPEC §2.4)', () => {
  it('escapes every input', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
    const html = buildSignatureHtml({ ...jane, name: '<script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('SEO &lt;Lead&gt;');
  });

  it('is a well-formed table with inline styles', () => {
    const html = buildSignatureHtml(jane);
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    const table = doc.body.firstElementChild;
    expect(table?.tagName).toBe('TABLE');
    expect(doc.body.textContent).toContain('Jane Doe');
    expect(doc.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+31612345678');
    expect(doc.querySelector('a[href^="skype:"]')?.getAttribute('href')).toBe('skype:jane.doe?chat');
    expect(html).not.toMatch(/class=/);
    expect(doc.querySelectorAll('td[style]').length).toBeGreaterThan(3);
  });

  it('has a plain-text twin', () => {
    expect(buildSignatureText(jane)).toBe(
      'Jane Doe\nSEO <Lead>\nMobile: +31 6 1234-5678\nSkype: jane.doe\nSitefleet',
    );
    expect(telHref('06 12')).toBe('tel:0612');
  });
});
