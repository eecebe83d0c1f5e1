/** Content of the demo WordPress fleet: its themes, versions, post sentences and people. */

export interface DemoTheme {
  slug: string;
  name: string;
  template?: string;
  author: string;
  authorUri: string | null;
  themeUri: string | null;
  description: string;
  latest: string;
  older: string[];
}

export const THEMES: DemoTheme[] = [
  {
    slug: 'astra',
    name: 'Astra',
    author: 'Brainstorm Force',
    authorUri: 'https://wpastra.com/about/',
    themeUri: 'https://wpastra.com/',
    description:
      'The Astra WordPress theme is lightning-fast and highly customizable. It has over 1 million downloads and the highest 5-star ratings.',
    latest: '4.8.6',
    older: ['4.8.3', '4.6.14'],
  },
  {
    slug: 'astra-child',
    name: 'Astra Child',
    template: 'astra',
    author: 'Sitefleet Ops',
    authorUri: 'https://sitefleet.example/',
    themeUri: null,
    description: 'Child theme of Astra for the money sites: affiliate table styles and the review box.',
    latest: '1.2.0',
    older: ['1.1.0'],
  },
  {
    slug: 'generatepress',
    name: 'GeneratePress',
    author: 'Tom Usborne',
    authorUri: 'https://tomusborne.com',
    themeUri: 'https://generatepress.com',
    description:
      'GeneratePress is a lightweight WordPress theme built with a focus on speed and usability. Performance is important to us, which is why a fresh GeneratePress install adds less than 10kb to your page size.',
    latest: '3.5.1',
    older: ['3.4.0'],
  },
  {
    slug: 'kadence',
    name: 'Kadence',
    author: 'Kadence WP',
    authorUri: 'https://www.kadencewp.com/',
    themeUri: 'https://www.kadencewp.com/kadence-theme/',
    description:
      'Kadence Theme is a lightweight yet full featured WordPress theme for creating beautiful fast loading and accessible websites easier than ever.',
    latest: '1.2.10',
    older: ['1.2.9', '1.1.51'],
  },
  {
    slug: 'blocksy',
    name: 'Blocksy',
    author: 'CreativeThemes',
    authorUri: 'https://creativethemes.com',
    themeUri: 'https://creativethemes.com/blocksy/',
    description:
      'Blocksy is a blazing fast and lightweight WordPress theme built with the latest web technologies. It was built with the Gutenberg editor in mind.',
    latest: '2.0.80',
    older: ['2.0.77'],
  },
  {
    slug: 'twentytwentyfive',
    name: 'Twenty Twenty-Five',
    author: 'the WordPress team',
    authorUri: null,
    themeUri: null,
    description:
      'Twenty Twenty-Five emphasizes simplicity and adaptability. It offers flexible design options, supported by a variety of patterns for different page types.',
    latest: '1.0',
    older: ['1.0'],
  },
  {
    slug: 'twentytwentyfour',
    name: 'Twenty Twenty-Four',
    author: 'the WordPress team',
    authorUri: null,
    themeUri: null,
    description:
      'Twenty Twenty-Four is designed to be flexible, versatile and applicable to any website. Its collection of templates and patterns tailor to different needs.',
    latest: '1.3',
    older: ['1.2', '1.1'],
  },
  {
    slug: 'twentytwentythree',
    name: 'Twenty Twenty-Three',
    author: 'the WordPress team',
    authorUri: null,
    themeUri: null,
    description:
      'Twenty Twenty-Three is designed to take advantage of the new design tools introduced in WordPress 6.1.',
    latest: '1.6',
    older: ['1.5', '1.3'],
  },
  {
    slug: 'hello-elementor',
    name: 'Hello Elementor',
    author: 'Elementor Team',
    authorUri: 'https://elementor.com/',
    themeUri: 'https://elementor.com/hello-theme/',
    description:
      'Hello Elementor is a lightweight and minimalist WordPress theme that was built specifically to work seamlessly with the Elementor site builder plugin.',
    latest: '3.1.1',
    older: ['3.1.0', '3.0.2'],
  },
  {
    slug: 'Newspaper',
    name: 'Newspaper',
    author: 'tagDiv',
    authorUri: 'https://themeforest.net/user/tagDiv/portfolio',
    themeUri: 'https://tagdiv.com/newspaper/',
    description: 'Premium WordPress template, clean and easy to use.',
    latest: '12.6.8',
    older: ['12.6.6', '12.6.2'],
  },
];

/** Active themes by site type. */
export const THEMES_BY_TYPE: Record<string, string[]> = {
  MONEY: ['astra-child', 'astra-child', 'generatepress', 'kadence', 'Newspaper'],
  DIRECTORY: ['kadence', 'blocksy', 'astra', 'generatepress'],
  LINK: ['twentytwentyfour', 'generatepress', 'blocksy', 'Newspaper', 'twentytwentythree', 'astra'],
  SERVICE: ['hello-elementor', 'hello-elementor', 'astra', 'kadence'],
};

/** WordPress releases the fleet runs, newest last. */
export const CORE_VERSIONS = ['6.4.5', '6.5.5', '6.6.2', '6.7.1'];
export const PHP_VERSIONS = ['7.4.33', '8.1.29', '8.2.24', '8.2.24', '8.3.12'];
export const DATABASE_VERSIONS = ['MariaDB 10.11.8', 'MariaDB 10.11.8', 'MariaDB 10.6.18', 'MySQL 8.0.36'];

/** Topics of local service sites (the jobs content names only a few). */
export const LOCAL_TOPICS = [
  'Boiler Servicing',
  'Blocked Drains',
  'Roof Repairs',
  'Gutter Cleaning',
  'Damp Proofing',
  'Electrical Safety Checks',
  'Emergency Callouts',
  'Free Quotes',
  'Seasonal Maintenance',
  'Leak Detection',
];
export const LOCAL_REFERENCES: Array<[string, string]> = [
  ['https://www.which.co.uk/reviews/home-improvements', 'Which? home improvement guides'],
  ['https://www.gassaferegister.co.uk/', 'Gas Safe Register'],
  ['https://www.electricalsafetyfirst.org.uk/', 'Electrical Safety First'],
];

/** Sentences of a post body: {t} the topic, {l} the niche, {b} a brand, {y} a year. */
export const SENTENCES = [
  'Most readers ask us about {t} first, so this guide starts with the basics.',
  'We tested {b} over several weeks and kept notes on every step.',
  'When it comes to {t}, the right choice depends on what you want from {l} in the first place.',
  'Fees, limits and terms change often, so check the details before you commit.',
  'In {y} the rules around {t} became stricter in most European markets.',
  'A good rule of thumb is to compare at least three providers side by side.',
  'We update this page whenever one of the providers changes its offer.',
  '{b} stood out for clear terms and fast support replies.',
  'Beginners tend to underestimate how much the small print matters here.',
  'Keep a simple record of what you spend and what you get back.',
  'Our team scores every option on cost, speed, safety and support.',
  'If something looks too good to be true, it usually is.',
  'The table below sums up what we found after our last review round.',
  'Regular readers will notice we changed our top pick this month.',
  'We asked our readers about {t} and summarised the most useful answers.',
  'Support quality varies a lot, so we contacted every provider ourselves.',
  'Read the terms twice: the headline number rarely tells the full story.',
  '{b} made a few changes this year that are worth knowing about.',
  'Nothing here is advice for your situation; it is what we found in our own tests.',
  'The details below were checked again just before this update.',
  'Mobile apps have caught up, and most providers now offer the same features on both.',
  'We left out providers that failed our basic safety checks.',
];

export const PAGE_TITLES = ['About Us', 'Contact', 'Privacy Policy', 'Terms and Conditions', 'Cookie Policy'];

/** Images in a site's media library. */
export const MEDIA = [
  'hero-banner',
  'logo',
  'author-photo',
  'comparison-chart',
  'featured-image',
  'og-default',
];

export const WP_FIRST_NAMES = [
  'anna',
  'mark',
  'sara',
  'tom',
  'lena',
  'ravi',
  'julia',
  'pieter',
  'emma',
  'noah',
];
export const WP_LAST_NAMES = ['Berg', 'Jansen', 'Moreau', 'Clarke', 'Vogel', 'Mehta', 'Novak', 'de Vries'];
