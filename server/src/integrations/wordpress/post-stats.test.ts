import { describe, expect, it } from 'vitest';
import { countOutboundLinks, countWords, postStatistic } from './post-stats.js';

const SITE = 'https://blog.example.com/news/';

describe('countWords', () => {
  it('counts the words of the text, not of tags, attributes or shortcodes', () => {
    expect(countWords('<p class="lead big">One two</p><p>three</p>')).toBe(3);
    expect(countWords('[gallery ids="1,2,3"] one [caption id="x"]two[/caption] [embed/]')).toBe(2);
    expect(countWords('')).toBe(0);
  });

  it('separates words at tags and entities that render as space, not at punctuation ones', () => {
    expect(countWords('one<br>two<p>three</p>four&nbsp;five')).toBe(5);
    expect(countWords('It&#8217;s Ana&#x27;s &amp; don&rsquo;t')).toBe(3);
  });

  it('ignores script, style and comments, and tokens without a letter or digit', () => {
    const html = '<script>var a = "b c d";</script><style>p { x: y }</style><!-- e f -->g — - … h';
    expect(countWords(html)).toBe(2);
  });

  it('counts words in any script', () => {
    expect(countWords('<p>café naïve Ελληνικά 東京 2024</p>')).toBe(5);
  });
});

describe('countOutboundLinks', () => {
  it('counts links to other hosts, whatever the port, scheme or case', () => {
    const html = [
      '<a href="https://other.org/x">a</a>',
      "<a class='x' href='http://OTHER.net'>b</a>",
      '<a href=//cdn.example.net/file>c</a>',
      '<A HREF="https://third.io/?a=1&amp;b=2">d</A>',
    ].join('');
    expect(countOutboundLinks(html, SITE)).toBe(4);
  });

  it('does not count the site itself, relative links, fragments or non-web schemes', () => {
    const html = [
      '<a href="https://blog.example.com/other">own</a>',
      '<a href="http://blog.example.com:8080/">own, other port</a>',
      '<a href="/about">relative</a>',
      '<a href="#top">fragment</a>',
      '<a href="mailto:a@other.org">mail</a>',
      '<a href="tel:+1555">tel</a>',
      '<a name="x">no href</a>',
      '<a data-href="https://other.org">not href</a>',
      '<link href="https://other.org/style.css">',
      '<script>document.write(\'<a href="https://other.org">x</a>\')</script>',
    ].join('');
    expect(countOutboundLinks(html, SITE)).toBe(0);
  });

  it('does not treat a subdomain or the bare domain as the site', () => {
    const html = '<a href="https://example.com/">a</a><a href="https://www.blog.example.com/">b</a>';
    expect(countOutboundLinks(html, SITE)).toBe(2);
  });
});

describe('postStatistic', () => {
  it('gives the id, word count and outbound links of a post', () => {
    const contentHtml = '<p>Read <a href="https://other.org">this guide</a> and <a href="/x">that</a>.</p>';
    expect(postStatistic({ id: 7, contentHtml }, SITE)).toEqual({ id: 7, wordCount: 5, outboundLinks: 1 });
  });
});
