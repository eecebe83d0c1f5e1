import { NICHE_CONTENT, POST_TITLES } from './content-data.js';
import { label, shuffled, slug, type Site } from './portfolio.js';
import { Rng } from '../../../seed/random.js';

export type PageKind =
  'home' | 'money' | 'review' | 'post' | 'category' | 'listing' | 'static' | 'write' | 'advertise';

export interface SitePage {
  path: string;
  heading: string;
  title: string;
  kind: PageKind;
  /** The site a directory listing is about. */
  listed?: { name: string; host: string };
  /** The category (its slug) a directory lists the listing under. */
  category?: string;
}

/** The pages a site has, the same on every call (its own generator, seeded by its id). */
export function siteContent(site: Site, money: Site[]): SitePage[] {
  const rng = new Rng(48271 * site.id + 11);
  const n = NICHE_CONTENT[site.niche];
  const pages: SitePage[] = [];
  const sep = site.type === 'LINK' ? '–' : '|';
  const add = (
    path: string,
    heading: string,
    kind: PageKind,
    listed?: SitePage['listed'],
    category?: string,
  ) => {
    if (pages.some((p) => p.path === path)) return;
    const title = kind === 'home' ? heading : `${heading} ${sep} ${site.name}`;
    pages.push({
      path,
      heading,
      title,
      kind,
      ...(listed ? { listed } : {}),
      ...(category ? { category } : {}),
    });
  };
  const posts = shuffled(
    rng,
    n.topics.flatMap((t) => POST_TITLES.map((x) => x.replace('{t}', t))),
  );
  switch (site.type) {
    case 'MONEY': {
      const target = rng.int(20, 45);
      add('/', `${site.name} – ${n.tagline}`, 'home');
      for (const [path, title] of n.moneyPages) add(path, title, 'money');
      for (const b of n.brands) add(`/reviews/${slug(b)}-review/`, `${b} Review`, 'review');
      add('/about-us/', 'About Us', 'static');
      add('/contact/', 'Contact', 'static');
      add('/privacy-policy/', 'Privacy Policy', 'static');
      if (site.niche === 'casino' || site.niche === 'betting')
        add('/responsible-gambling/', 'Responsible Gambling', 'static');
      else add('/editorial-policy/', 'Editorial Policy', 'static');
      for (const title of posts) if (pages.length < target) add(`/guides/${slug(title)}/`, title, 'post');
      break;
    }
    case 'DIRECTORY': {
      const target = rng.int(15, 40);
      add('/', `${site.name} – ${n.label} Sites Directory`, 'home');
      for (const c of n.categories) add(`/category/${c}/`, `${label(c)} Directory`, 'category');
      add('/top-rated/', 'Top Rated', 'category');
      add('/new-listings/', 'New Listings', 'category');
      add('/submit-listing/', 'Submit a Listing', 'static');
      add('/advertise/', 'Advertise With Us', 'advertise');
      add('/about/', 'About', 'static');
      // The niche's money sites of the portfolio (some of them when it has none of its own) and its brands.
      const ours = money.filter((m) => m.niche === site.niche);
      const listed = shuffled(rng, [
        ...(ours.length ? ours : money.slice(0, 3)).map((m) => ({ name: m.name, host: m.host })),
        ...n.brands.map((b) => ({ name: b, host: `www.${slug(b).replace(/-/g, '')}.com` })),
      ]);
      // Each listing under one of the niche's categories, in turn.
      listed.forEach((l, i) => {
        if (pages.length < target)
          add(`/listing/${slug(l.name)}/`, l.name, 'listing', l, n.categories[i % n.categories.length]);
      });
      for (let p = 2; p <= 4; p++)
        for (const c of n.categories)
          if (pages.length < target)
            add(`/category/${c}/page/${p}/`, `${label(c)} Directory – Page ${p}`, 'category');
      break;
    }
    case 'LINK': {
      const target = rng.int(10, 30);
      add('/', `${site.name} – ${n.label} Blog`, 'home');
      for (const c of rng.some(n.categories, 3, 4)) add(`/category/${c}/`, label(c), 'category');
      add('/about/', 'About', 'static');
      add('/contact/', 'Contact', 'static');
      if (rng.chance(0.45)) add('/write-for-us/', 'Write for Us', 'write');
      for (const title of posts) if (pages.length < target) add(`/blog/${slug(title)}/`, title, 'post');
      break;
    }
    case 'SERVICE': {
      add('/', `${site.name} – ${n.tagline}`, 'home');
      for (const [path, title] of n.moneyPages) add(path, title, 'money');
      break;
    }
    default: {
      add('/', `${site.name} – ${n.label} News`, 'home');
      for (const title of posts.slice(0, 20)) add(`/blog/${slug(title)}/`, title, 'post');
    }
  }
  return pages;
}
