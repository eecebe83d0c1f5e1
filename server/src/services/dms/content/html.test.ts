import { describe, expect, it } from 'vitest';
import { buildArticleHtml, countArticle, hasBacklink, linksIn, sanitizeArticleHtml } from './html.js';
import type { ArticleJson } from './schema.js';

const link = { url: 'https://bonus-guide.example/casino-bonuses/', anchor: 'best casino bonuses' };
const second = { url: 'https://geldwijzer.nl/rente', anchor: 'actuele rente' };

const article = (paragraphs: string[][], introduction: string[] = []): ArticleJson => ({
  title: 'T',
  excerpt: 'E',
  image_alt_text: 'A',
  tweet: 'W',
  meta_description: 'M',
  introduction,
  sections: paragraphs.map((p, i) => ({ heading: `Section <${i}>`, paragraphs: p })),
});

describe('article HTML', () => {
  it('assembles the introduction and the sections, headings escaped, and keeps a backlink the model wrote', () => {
    const built = buildArticleHtml(
      article(
        [[`Compare the <a href="${link.url}">best casino bonuses</a> first.`], ['More text.']],
        ['Intro.'],
      ),
      [link],
    );
    expect(built.html).toBe(
      `<p>Intro.</p>\n<h2>Section &lt;0&gt;</h2>\n<p>Compare the <a href="${link.url}">best casino bonuses</a> first.</p>\n<h2>Section &lt;1&gt;</h2>\n<p>More text.</p>`,
    );
    expect(built.repaired).toEqual([]);
  });

  it('links the anchor text where the model wrote it without the link, and adds a left-out link to a body paragraph', () => {
    const built = buildArticleHtml(
      article(
        [['Start here.'], ['Our list of Best Casino Bonuses is updated weekly.'], ['The end.']],
        ['Intro.'],
      ),
      [link, second],
    );
    expect(built.html).toContain(`<a href="${link.url}">Best Casino Bonuses</a> is updated weekly.`);
    expect(hasBacklink(built.html, second)).toBe(true);
    expect(built.html.indexOf(second.url)).toBeGreaterThan(built.html.indexOf('<h2>'));
    expect(built.repaired.map((l) => l.anchor)).toEqual(['best casino bonuses', 'actuele rente']);
  });

  it('sanitises like notifications: no script, handlers or javascript: links, and no nofollow added', () => {
    const built = buildArticleHtml(
      article([
        ['<script>alert(1)</script>Safe <b onclick="x()">bold</b> <a href="javascript:alert(1)">bad</a>'],
        ['<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>Text.'],
      ]),
      [],
    );
    expect(built.html).not.toMatch(/script|onclick|onerror|javascript:|iframe|<img/);
    expect(built.html).toContain('Safe <b>bold</b> <a>bad</a>');
    expect(sanitizeArticleHtml(`<a href="${link.url}" rel="nofollow" target="_blank">x</a>`)).toBe(
      `<a href="${link.url}">x</a>`,
    );
  });

  it('finds links by what they point at, case and spacing of the anchor aside', () => {
    const html = `<p><a href="https://Bonus-Guide.example/casino-bonuses/">Best  casino\nbonuses</a></p>`;
    expect(linksIn(html)).toEqual([
      { href: 'https://Bonus-Guide.example/casino-bonuses/', text: 'Best  casino\nbonuses' },
    ]);
    expect(hasBacklink(html, link)).toBe(true);
    expect(hasBacklink(html, { ...link, anchor: 'other words' })).toBe(false);
  });

  it('counts words by the language’s word boundaries and characters as a reader sees them', () => {
    expect(
      countArticle('<h2>Hello world</h2><p>It&#8217;s a <a href="https://x.example">fine</a> day.</p>', 'en'),
    ).toEqual({
      words: 6,
      characters: 28, // "Hello world It’s a fine day."
    });
    const ja = countArticle('<p>住宅ローンの金利を比較しましょう。</p>', 'ja');
    expect(ja.words).toBeGreaterThan(3);
    expect(ja.characters).toBe(17);
  });
});
