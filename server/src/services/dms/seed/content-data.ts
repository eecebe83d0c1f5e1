/** Content of the demo portfolio's jobs data: what its sites are about, link to, and fail with. */

export type Niche = 'casino' | 'betting' | 'finance' | 'crypto' | 'local';

export interface NicheContent {
  /** What the niche is called in titles (Casino Sites Directory, Casino Blog). */
  label: string;
  /** Home page title after the site's name. */
  tagline: string;
  /** Subjects of blog posts and guides. */
  topics: string[];
  /** Category slugs of blogs and directories. */
  categories: string[];
  /** Made-up operators / providers a directory lists and a review site reviews. */
  brands: string[];
  /** The pages of a money site that the link network points at: path and title. */
  moneyPages: Array<[string, string]>;
  /** Anchors the network uses towards money sites of the niche. */
  anchors: string[];
  /** Authority sites an article cites: URL and anchor. */
  references: Array<[string, string]>;
  /** A money site's footer: the niche's help or regulator site. */
  footer: Array<[string, string]>;
}

export const NICHE_CONTENT: Record<Niche, NicheContent> = {
  casino: {
    label: 'Casino',
    tagline: 'Online Casino Reviews & Bonuses',
    topics: [
      'Wagering Requirements',
      'Free Spins',
      'Live Dealer Blackjack',
      'RTP and Volatility',
      'Progressive Jackpots',
      'No Deposit Bonuses',
      'Roulette Systems',
      'Mobile Casino Apps',
      'Casino Withdrawal Times',
      'Welcome Bonuses',
      'Megaways Slots',
      'Deposit Limits',
    ],
    categories: ['slots', 'bonuses', 'live-casino', 'payments', 'guides'],
    brands: ['Lucky Harbor', 'Neon Reels', 'Royal Ember', 'Velvet Spins', 'Golden Lantern', 'Crown Quay'],
    moneyPages: [
      ['/online-casinos/', 'Best Online Casinos'],
      ['/casino-bonuses/', 'Casino Bonuses'],
      ['/free-spins/', 'Free Spins Offers'],
      ['/no-deposit-bonus/', 'No Deposit Bonus Codes'],
      ['/slots/', 'Online Slots'],
      ['/live-casino/', 'Live Casino'],
      ['/payment-methods/', 'Casino Payment Methods'],
      ['/new-casinos/', 'New Casino Sites'],
    ],
    anchors: [
      'best online casinos',
      'online casino',
      'casino bonuses',
      'free spins',
      'no deposit bonus',
      'new casino sites',
      'top rated casinos',
    ],
    references: [
      ['https://en.wikipedia.org/wiki/Return_to_player', 'return to player'],
      ['https://www.begambleaware.org/', 'BeGambleAware'],
      ['https://www.gamblingcommission.gov.uk/', 'Gambling Commission'],
    ],
    footer: [
      ['https://www.begambleaware.org/', 'BeGambleAware'],
      ['https://www.gamcare.org.uk/', 'GamCare'],
    ],
  },
  betting: {
    label: 'Betting',
    tagline: 'Betting Tips, Odds & Free Bets',
    topics: [
      'Each-Way Betting',
      'Accumulator Bets',
      'Asian Handicap',
      'Cash Out',
      'Matched Betting',
      'Over/Under Goals',
      'Bet Builders',
      'Horse Racing Odds',
      'In-Play Betting',
      'Value Betting',
      'Bankroll Management',
      'Free Bet Offers',
    ],
    categories: ['football', 'horse-racing', 'tennis', 'tips', 'guides'],
    brands: ['Northgate Bet', 'Sharp Odds', 'Redline Sports', 'Kickoff Bet', 'Paddock Bet', 'Blue Ribbon'],
    moneyPages: [
      ['/betting-sites/', 'Best Betting Sites'],
      ['/free-bets/', 'Free Bets'],
      ['/betting-tips/', 'Betting Tips'],
      ['/odds-comparison/', 'Odds Comparison'],
      ['/new-betting-sites/', 'New Betting Sites'],
      ['/betting-apps/', 'Betting Apps'],
      ['/cash-out/', 'Cash Out Betting'],
    ],
    anchors: [
      'betting sites',
      'free bets',
      'best odds',
      'football betting tips',
      'new betting sites',
      'bookmaker offers',
    ],
    references: [
      ['https://en.wikipedia.org/wiki/Fixed-odds_betting', 'fixed-odds betting'],
      ['https://www.bbc.co.uk/sport/football', 'BBC Sport'],
      ['https://www.gamstop.co.uk/', 'GAMSTOP'],
    ],
    footer: [
      ['https://www.begambleaware.org/', 'BeGambleAware'],
      ['https://www.gamstop.co.uk/', 'GAMSTOP'],
    ],
  },
  finance: {
    label: 'Finance',
    tagline: 'Loans, Cards & Savings Compared',
    topics: [
      'Personal Loans',
      'Credit Scores',
      'Emergency Funds',
      'Debt Consolidation',
      'Fixed-Rate Mortgages',
      'Balance Transfer Cards',
      'High-Interest Savings',
      'The 50/30/20 Budget',
      'Index Funds',
      'Overdraft Fees',
      'Car Finance',
      'Pension Contributions',
    ],
    categories: ['loans', 'credit-cards', 'savings', 'mortgages', 'budgeting'],
    brands: [
      'Harbour Lend',
      'Clearwater Credit',
      'Penny Oak',
      'Brightline Loans',
      'Maple Finance',
      'Northstar',
    ],
    moneyPages: [
      ['/personal-loans/', 'Compare Personal Loans'],
      ['/credit-cards/', 'Best Credit Cards'],
      ['/savings-accounts/', 'Savings Accounts'],
      ['/mortgage-calculator/', 'Mortgage Calculator'],
      ['/debt-consolidation/', 'Debt Consolidation Loans'],
      ['/loans-for-bad-credit/', 'Loans for Bad Credit'],
      ['/budget-planner/', 'Budget Planner'],
    ],
    anchors: [
      'compare personal loans',
      'best credit cards',
      'loans for bad credit',
      'savings accounts',
      'mortgage calculator',
      'cheap loans',
    ],
    references: [
      ['https://www.moneyhelper.org.uk/en', 'MoneyHelper'],
      ['https://www.investopedia.com/terms/c/credit_score.asp', 'how credit scores work'],
      ['https://en.wikipedia.org/wiki/Annual_percentage_rate', 'APR'],
    ],
    footer: [
      ['https://www.fca.org.uk/', 'Financial Conduct Authority'],
      ['https://www.moneyhelper.org.uk/en', 'MoneyHelper'],
    ],
  },
  crypto: {
    label: 'Crypto',
    tagline: 'Crypto Guides & Exchange Reviews',
    topics: [
      'Cold Wallets',
      'Staking Rewards',
      'The Bitcoin Halving',
      'Seed Phrases',
      'Gas Fees',
      'Stablecoins',
      'Layer 2 Networks',
      'Dollar-Cost Averaging',
      'Crypto Taxes',
      'DeFi Lending',
      'Exchange Security',
      'Self-Custody',
    ],
    categories: ['bitcoin', 'wallets', 'exchanges', 'defi', 'guides'],
    brands: ['Coinvale', 'Blockhaven', 'Satoshi Lane', 'Ledgerly', 'Hashport', 'Minted'],
    moneyPages: [
      ['/buy-bitcoin/', 'How to Buy Bitcoin'],
      ['/crypto-exchanges/', 'Best Crypto Exchanges'],
      ['/hardware-wallets/', 'Hardware Wallets Compared'],
      ['/staking/', 'Crypto Staking'],
      ['/bitcoin-price/', 'Bitcoin Price Today'],
      ['/altcoins/', 'Altcoins to Watch'],
    ],
    anchors: ['buy bitcoin', 'crypto exchanges', 'best crypto wallet', 'staking rewards', 'bitcoin price'],
    references: [
      ['https://bitcoin.org/en/', 'bitcoin.org'],
      ['https://ethereum.org/en/', 'ethereum.org'],
      ['https://en.wikipedia.org/wiki/Cryptocurrency_wallet', 'cryptocurrency wallet'],
    ],
    footer: [['https://www.coingecko.com/', 'CoinGecko']],
  },
  local: {
    label: 'Local',
    tagline: 'Fast, Local & Fully Insured',
    topics: ['Emergency Callouts', 'Free Quotes', 'Seasonal Maintenance'],
    categories: ['services', 'areas-we-cover'],
    brands: [],
    moneyPages: [
      ['/services/', 'Our Services'],
      ['/areas-we-cover/', 'Areas We Cover'],
      ['/pricing/', 'Pricing'],
      ['/reviews/', 'Customer Reviews'],
      ['/emergency-callout/', 'Emergency Callout'],
      ['/contact/', 'Contact Us'],
    ],
    anchors: [],
    references: [],
    footer: [],
  },
};

/** Which niche a website is about, by its tags (the inventory tags each site with its niche's tags). */
export const NICHE_TAGS: Array<[string, Niche]> = [
  ['casino', 'casino'],
  ['sportsbook', 'betting'],
  ['personal-finance', 'finance'],
  ['crypto', 'crypto'],
  ['local-seo', 'local'],
];

/** Blog post and guide titles: {t} is a topic. */
export const POST_TITLES = [
  "{t}: A Beginner's Guide",
  '{t} Explained',
  'A Closer Look at {t}',
  'Common Mistakes With {t}',
  'What to Know About {t}',
  '{t}: Pros and Cons',
  '7 Tips for {t}',
  'Our Take on {t}',
];

export const AUTHORS = ['Anna Berg', 'Mark Jansen', 'Sara Moreau', 'Tom Clarke', 'Lena Vogel', 'Ravi Mehta'];

/** Anchors a link builder uses besides the exact-match ones. */
export const GENERIC_ANCHORS = ['this guide', 'read more', 'here', 'full comparison', 'see the list'];

/** Commenters whose names link to their profiles (rel "nofollow ugc" as WordPress writes it). */
export const COMMENTERS: Array<[string, string]> = [
  ['https://medium.com/@jkroll', 'Jonas K.'],
  ['https://www.reddit.com/user/oddsandends_', 'oddsandends'],
  ['https://twitter.com/mvanleeuwen', 'Marieke'],
  ['https://www.linkedin.com/in/claire-dumont', 'Claire Dumont'],
];

/** What a WHOIS server per TLD is called, for "did not answer" failures. */
export const WHOIS_SERVERS: Record<string, string> = {
  com: 'whois.verisign-grs.com',
  net: 'whois.verisign-grs.com',
  org: 'whois.publicinterestregistry.org',
  info: 'whois.nic.info',
  nl: 'whois.domain-registry.nl',
  de: 'whois.denic.de',
  eu: 'whois.eu',
  se: 'whois.iis.se',
  uk: 'whois.nic.uk',
  in: 'whois.registry.in',
  jp: 'whois.jprs.jp',
};

/** The resolvers of the demo's DNS_RESOLVERS setting, as the DNS client labels them. */
export const RESOLVERS = ['1.1.1.1:53', '9.9.9.9:53'];

/** The keyword checker's footprints a network page may carry (HTML fragments). */
export const DISCLOSURES = {
  sponsored:
    'Disclosure: this is a sponsored post. We may earn a commission if you sign up through links on this page.',
  partner: 'Partner content: produced in collaboration with one of our partners.',
  guest: 'This is a guest post by {a}. Opinions are the author’s own.',
  paid: 'Paid post. The advertiser had no say over our ratings.',
  advertorial: 'Advertorial',
  write:
    'Send us your guest post pitch with two topic ideas. Link insertion into existing articles is possible on request.',
  advertise: 'Featured listings and sponsored placements from €49 per month.',
};
