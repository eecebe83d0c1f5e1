import { describe, expect, it } from 'vitest';
import { checkKeywords, findKeywords } from '../../src/integrations/html/keywords.js';

const keywordsOf = (html: string, keywords: string[]) => findKeywords(html, keywords).map((m) => m.keyword);

describe('findKeywords', () => {
  const article = `<!DOCTYPE html>
<HTML lang="en"><HEAD>
  <META charset="utf-8"><TITLE>Ten Garden Tools &ndash; Reviewed</TITLE>
  <SCRIPT>window.dataLayer=[{"pageType":"sponsored post","tags":["advertorial"]}];
    document.write('<a href="/x" rel="sponsored">paid post</a>');</SCRIPT>
  <style>.advertorial-badge::before{content:"Sponsored"}</style>
  <script type="application/ld+json">{"@type":"Article","keywords":"guest post, buy links"}</script>
</HEAD>
<BODY class="sponsored-layout">
  <!-- partner content slot: sponsored post -->
  <noscript><p>Advertorial</p></noscript>
  <template><p>Write for us</p></template>
  <DIV class="post"><H1>Ten garden tools</H1>
    <P>This is a <EM>paid</EM>
       <b>post</b>: the maker paid us &amp; supplied samples.</P>
    <P>Spon&shy;sored by <A HREF="https://maker.example/?ref=blog" REL="Sponsored NoFollow">Acme&nbsp;Tools</A>.
    <P>Unsponsored reviews and guest posting guidelines live elsewhere; advertorials too.
    <ul><li>Was it paid</li><li>Post script</li></ul>
  </DIV>
</BODY></HTML>`;

  it('finds keywords in visible text, links and attributes, case-insensitively and entity-decoded', () => {
    const { found, missing } = checkKeywords(article, [
      'sponsored',
      'paid post',
      'advertorial',
      'guest post',
      'buy links',
      'write for us',
      'partner content',
    ]);
    expect(found).toEqual([
      {
        keyword: 'sponsored',
        where: ['text', 'attribute'],
        count: 2,
        samples: ['Sponsored by Acme Tools.', 'rel="Sponsored NoFollow"'],
      },
      {
        keyword: 'paid post',
        where: ['text'],
        count: 1,
        samples: ['This is a paid post: the maker paid us & supplied samples.'],
      },
    ]);
    expect(missing).toEqual(['advertorial', 'guest post', 'buy links', 'write for us', 'partner content']);
  });

  it('ignores scripts, styles, JSON-LD, comments, noscript, template and class names', () => {
    const hidden = article.replace(/<DIV[\s\S]*<\/DIV>/, '');
    expect(
      findKeywords(hidden, ['sponsored', 'sponsored post', 'advertorial', 'guest post', 'write for us']),
    ).toEqual([]);
  });

  it('matches whole words: not inside longer words, not plurals, but next to punctuation', () => {
    const html =
      '<p>Unsponsored, sponsoredby, advertorials, guest posting.</p><p>(Sponsored) paid-post re-sponsored</p>';
    expect(findKeywords(html, ['sponsored', 'advertorial', 'guest post'])).toEqual([
      { keyword: 'sponsored', where: ['text'], count: 2, samples: ['(Sponsored) paid-post re-sponsored'] },
    ]);
  });

  it('joins a phrase across inline tags and whitespace but never across blocks or line breaks', () => {
    expect(keywordsOf('<p>a <span>paid\n\t <i>post</i></span></p>', ['paid post'])).toEqual(['paid post']);
    expect(keywordsOf('<p>paid</p><p>post</p>', ['paid post'])).toEqual([]);
    expect(keywordsOf('paid<br>post', ['paid post'])).toEqual([]);
    expect(keywordsOf('<td>paid</td><td>post</td>', ['paid post'])).toEqual([]);
    expect(keywordsOf('<p>un<b>paid</b></p>', ['paid'])).toEqual([]);
    expect(keywordsOf('<p>paid<img src="x.png">post</p>', ['paid post'])).toEqual(['paid post']);
  });

  it('treats every Unicode space as a space and ignores soft hyphens and zero-width characters', () => {
    const html =
      '<p>paid\u2003post, spon\u200bsored, adver&shy;torial, guest\u00a0\u00a0 post, write\u2060 for us</p>';
    expect(keywordsOf(html, ['paid post', 'sponsored', 'advertorial', 'guest post', 'write for us'])).toEqual(
      ['paid post', 'sponsored', 'advertorial', 'guest post', 'write for us'],
    );
  });

  it('survives unclosed tags and an unclosed link', () => {
    const html = '<div><p>Our <b>guest <i>post <a href="/w">write for us<p>more text';
    const found = findKeywords(html, ['guest post', 'write for us']);
    expect(found.map((m) => [m.keyword, m.where])).toEqual([
      ['guest post', ['text']],
      ['write for us', ['link']],
    ]);
  });

  it('counts a hit inside link text as "link" and one straddling the link edge as "text"', () => {
    const html = '<p><a href="/a">Sponsored post</a> and a sponsored <a href="/b">post</a></p>';
    const [sponsored, phrase] = findKeywords(html, ['sponsored', 'sponsored post']);
    expect(sponsored).toMatchObject({ where: ['text', 'link'], count: 2 });
    expect(phrase).toMatchObject({ where: ['text', 'link'], count: 2 });
  });

  it('reads title, alt, aria-label, rel, data-* and <a href>, matching phrase spaces as - _ + in values', () => {
    const html = `
      <a href="https://shop.example/write-for-us/" title="Guest_Post guidelines">Contribute</a>
      <img src="b.png" alt="Advertorial banner"><button aria-label="Partner content">i</button>
      <div data-slot="buy+links" class="link insertion" id="sponsored"></div>
      <link rel="sponsored" href="/sponsored-post">`;
    const found = findKeywords(html, [
      'write for us',
      'guest post',
      'advertorial',
      'partner content',
      'buy links',
      'link insertion',
      'sponsored post',
      'sponsored',
    ]);
    expect(found.map((m) => [m.keyword, m.where, m.count])).toEqual([
      ['write for us', ['attribute'], 1],
      ['guest post', ['attribute'], 1],
      ['advertorial', ['attribute'], 1],
      ['partner content', ['attribute'], 1],
      ['buy links', ['attribute'], 1],
      // rel="sponsored" on <link> counts; its href does not (only <a href> is read); class and id never do.
      ['sponsored', ['attribute'], 1],
    ]);
    expect(found[0]!.samples).toEqual(['href="https://shop.example/write-for-us/"']);
  });

  it('gives at most three distinct samples of about 80 characters, in document order', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(12);
    const html = ['one', 'two', 'three', 'four']
      .map((n) => `<p>${filler} ${n} sponsored ${n} ${filler}</p>`)
      .join('');
    const [match] = findKeywords(html + html, ['sponsored']);
    expect(match!.count).toBe(8);
    expect(match!.samples).toHaveLength(3);
    match!.samples.forEach((s, i) => {
      expect(s).toMatch(new RegExp(`^….*${['one', 'two', 'three'][i]} sponsored .*…$`));
      expect(s.length).toBeLessThanOrEqual(84);
      expect(s.length).toBeGreaterThan(60);
    });
  });

  it('handles Unicode words, case folding and keywords with punctuation edges', () => {
    const html = '<p>ANZEIGE: Gesponserter Beitrag. Réclame für Ärzte. Tagged #ad, not #adverts.</p>';
    expect(keywordsOf(html, ['gesponserter beitrag', 'réclame', 'ärzte', 'ärzt', '#ad', 'anzeige'])).toEqual([
      'gesponserter beitrag',
      'réclame',
      'ärzte',
      '#ad',
      'anzeige',
    ]);
  });

  it("keeps keywords in the caller's order and spelling, dropping blanks and repeats", () => {
    const report = checkKeywords('<p>Sponsored</p>', [
      '  ',
      'SPONSORED',
      'sponsored',
      'paid  post',
      'Paid post',
    ]);
    expect(report).toEqual({
      found: [{ keyword: 'SPONSORED', where: ['text'], count: 1, samples: ['Sponsored'] }],
      missing: ['paid  post'],
    });
  });

  it('treats regular-expression characters in keywords literally', () => {
    expect(keywordsOf('<p>Price (USD) is $5.00 [sale]</p>', ['(usd)', '$5.00', '[sale]', '$5x00'])).toEqual([
      '(usd)',
      '$5.00',
      '[sale]',
    ]);
  });
});
