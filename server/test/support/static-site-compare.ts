import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from 'htmlparser2';

/**
 * What a visitor reads on a page, to compare WordPress's page with its static copy: the visible text (scripts,
 * styles and forms apart, and the comment reply links and static notice the copy changes), whitespace
 * collapsed, with `replace` applied (the origin's host written as the public one).
 */
export function readableText(html: string, replace: (text: string) => string = (t) => t): string {
  const out: string[] = [];
  const skipping: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const classes = (attribs.class ?? '').split(/\s+/);
        const skip =
          ['script', 'style', 'form', 'noscript', 'template'].includes(name) ||
          classes.includes('comment-reply-link') ||
          classes.includes('sitefleet-static-notice');
        if (skipping.length || skip) skipping.push(name);
      },
      ontext(text) {
        if (!skipping.length) out.push(text);
      },
      onclosetag(name) {
        if (skipping.length && skipping[skipping.length - 1] === name) skipping.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return replace(out.join(' ')).replace(/\s+/g, ' ').trim();
}

const TEXT_FILE = /\.(?:html|xml|xsl|json|txt|css|js|svg)$/i;

/** Every text file under `dir` holding `needle` (case-insensitive), relative to `dir`. */
export async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const lower = needle.toLowerCase();
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (TEXT_FILE.test(entry.name) || entry.name === '_redirects') {
        if ((await readFile(full, 'utf8')).toLowerCase().includes(lower))
          found.push(path.relative(dir, full));
      }
    }
  };
  await walk(dir);
  return found;
}

/** Every file under `dir`, relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out;
}
