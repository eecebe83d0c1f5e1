import { int, list, optStr, record, str } from './parse.js';

/**
 * One public URL of a site as the companion's `GET sitefleet/v1/static-urls` lists it: the home page, a feed, an
 * archive (term, post type, author) or a post of a public type with its id and shortlink (`?p=12`).
 */
export interface WpStaticUrl {
  url: string;
  /** home, feed, term, archive, author, or the post type (post, page, …). */
  kind: string;
  id: number | null;
  shortlink: string | null;
}

export interface WpStaticUrlPage {
  total: number;
  pages: number;
  items: WpStaticUrl[];
}

export function parseStaticUrlPage(value: unknown): WpStaticUrlPage {
  const o = record(value, 'static-urls');
  return {
    total: int(o, 'total', 'static-urls'),
    pages: int(o, 'pages', 'static-urls'),
    items: list(o.items, 'static-urls.items').map((item): WpStaticUrl => {
      const u = record(item, 'static-urls item');
      return {
        url: str(u, 'url', 'static-urls item'),
        kind: str(u, 'kind', 'static-urls item'),
        id: typeof u.id === 'number' ? int(u, 'id', 'static-urls item') : null,
        shortlink: optStr(u, 'shortlink'),
      };
    }),
  };
}
