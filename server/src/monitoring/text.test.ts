import { describe, expect, it } from 'vitest';
import { escapeHtml, hostOf, lasted } from './text.js';

describe('monitor wording', () => {
  it('says how long an outage lasted in the unit an operator reads', () => {
    expect(lasted(45)).toBe('45 s');
    expect(lasted(89)).toBe('89 s');
    expect(lasted(90)).toBe('2 min');
    expect(lasted(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(lasted(52 * 3600)).toBe('2 d 4 h');
  });
  it('names a URL by its host and leaves a bare host as it is', () => {
    expect(hostOf('https://shop.example:8443/x')).toBe('shop.example');
    expect(hostOf('10.0.0.1')).toBe('10.0.0.1');
  });
  it('escapes markup characters', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&#60;b a=&#34;1&#34;&#62;&#39;&#38;&#39;&#60;/b&#62;');
  });
});
