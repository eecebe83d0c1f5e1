/** The believable portfolio the first run shows: names and shapes of a real network, none of it real. */

export const SERVERS = [
  {
    name: 'hz-fsn1-web01',
    ip: '95.216.14.21',
    location: 'Falkenstein, DE',
    provider: 'Hetzner',
    os: 'Ubuntu 22.04',
    web: 'nginx 1.24',
    type: 'Hosting',
    rc: 118201,
  },
  {
    name: 'hz-hel1-web02',
    ip: '65.21.190.7',
    location: 'Helsinki, FI',
    provider: 'Hetzner',
    os: 'Ubuntu 24.04',
    web: 'OpenLiteSpeed 1.7',
    type: 'Hosting',
    rc: 118202,
  },
  {
    name: 'ovh-gra-web03',
    ip: '51.91.77.130',
    location: 'Gravelines, FR',
    provider: 'OVHcloud',
    os: 'Debian 12',
    web: 'nginx 1.22',
    type: 'Hosting',
    rc: 118203,
  },
  {
    name: 'do-ams3-web04',
    ip: '178.62.201.45',
    location: 'Amsterdam, NL',
    provider: 'DigitalOcean',
    os: 'Ubuntu 22.04',
    web: 'nginx 1.24',
    type: 'Hosting',
    rc: 118204,
  },
  {
    name: 'vultr-nj-web05',
    ip: '45.77.148.9',
    location: 'New Jersey, US',
    provider: 'Vultr',
    os: 'Ubuntu 22.04',
    web: 'Apache 2.4',
    type: 'Hosting',
    rc: 118205,
  },
  {
    name: 'linode-sg-web06',
    ip: '139.162.21.88',
    location: 'Singapore, SG',
    provider: 'Akamai Linode',
    os: 'Debian 12',
    web: 'nginx 1.22',
    type: 'Hosting',
    rc: 118206,
  },
  {
    name: 'hz-nbg1-analytics',
    ip: '88.198.52.14',
    location: 'Nuremberg, DE',
    provider: 'Hetzner',
    os: 'Debian 12',
    web: 'Caddy 2.7',
    type: 'Analytics',
    rc: null,
  },
  {
    name: 'aws-fra-rdp01',
    ip: '3.120.44.201',
    location: 'Frankfurt, DE',
    provider: 'AWS',
    os: 'Windows Server 2022',
    web: 'IIS 10',
    type: 'Remote Desktop',
    rc: null,
  },
] as const;

/** Extra addresses per server, some in the same /24 so the Diversity tab has footprints to flag. */
export const EXTRA_IPS: Record<string, string[]> = {
  'hz-fsn1-web01': ['95.216.14.22', '95.216.14.23', '95.216.15.40', '95.216.99.12'],
  'hz-hel1-web02': ['65.21.190.8', '65.21.191.17', '65.108.4.30'],
  'ovh-gra-web03': ['51.91.77.131', '51.91.77.132', '54.37.12.210', '137.74.9.33'],
  'do-ams3-web04': ['178.62.201.46', '188.166.40.5', '146.190.22.71'],
  'vultr-nj-web05': ['45.77.148.10', '149.28.63.201', '207.148.2.17'],
  'linode-sg-web06': ['139.162.21.89', '172.104.160.4'],
};

export const REGISTRARS = [
  {
    name: 'NameCheap, Inc.',
    homepage: 'https://www.namecheap.com',
    iana: '1068',
    ns: ['registrar-servers.com'],
  },
  { name: 'GoDaddy.com, LLC', homepage: 'https://www.godaddy.com', iana: '146', ns: ['domaincontrol.com'] },
  { name: 'Porkbun LLC', homepage: 'https://porkbun.com', iana: '1861', ns: ['porkbun.com'] },
  {
    name: 'Cloudflare, Inc.',
    homepage: 'https://www.cloudflare.com/products/registrar/',
    iana: '1910',
    ns: ['cloudflare.com'],
  },
  {
    name: 'TransIP B.V.',
    homepage: 'https://www.transip.nl',
    iana: '1467',
    ns: ['transip.net', 'transip.nl'],
  },
  { name: 'Gandi SAS', homepage: 'https://www.gandi.net', iana: '81', ns: ['gandi.net'] },
  { name: 'Dynadot Inc', homepage: 'https://www.dynadot.com', iana: '472', ns: ['dynadot.com'] },
  // The same registrar under a second name, as WHOIS data often reports: ready to be merged.
  { name: 'Namecheap', homepage: null, iana: null, ns: [] },
] as const;

export const NAMESERVERS: Record<string, string[]> = {
  'NameCheap, Inc.': ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'],
  'GoDaddy.com, LLC': [
    'ns41.domaincontrol.com',
    'ns42.domaincontrol.com',
    'ns71.domaincontrol.com',
    'ns72.domaincontrol.com',
  ],
  'Porkbun LLC': [
    'curitiba.ns.porkbun.com',
    'fortaleza.ns.porkbun.com',
    'maceio.ns.porkbun.com',
    'salvador.ns.porkbun.com',
  ],
  'Cloudflare, Inc.': [
    'ada.ns.cloudflare.com',
    'bob.ns.cloudflare.com',
    'kate.ns.cloudflare.com',
    'walt.ns.cloudflare.com',
  ],
  'TransIP B.V.': ['ns0.transip.net', 'ns1.transip.nl', 'ns2.transip.eu'],
  'Gandi SAS': ['ns-12-a.gandi.net', 'ns-214-b.gandi.net', 'ns-68-c.gandi.net'],
  'Dynadot Inc': ['ns1.dyna-ns.net', 'ns2.dyna-ns.net'],
};

export const REGISTRANTS = [
  {
    name: 'Redacted for Privacy',
    company: 'Withheld for Privacy ehf',
    email: 'privacy@withheldforprivacy.com',
    country: 'IS',
  },
  {
    name: 'Registration Private',
    company: 'Domains By Proxy, LLC',
    email: 'privacy@domainsbyproxy.com',
    country: 'US',
  },
  {
    name: 'Hostmaster',
    company: 'Northwind Media B.V.',
    email: 'hostmaster@northwind-media.nl',
    country: 'NL',
  },
  {
    name: 'Domain Administrator',
    company: 'Bluefjord Digital AB',
    email: 'domains@bluefjord.se',
    country: 'SE',
  },
  { name: 'Lena Hoffmann', company: 'Hoffmann Online GmbH', email: 'lena@hoffmann-online.de', country: 'DE' },
  {
    name: 'IT Department',
    company: 'Pacific Leaf Media Pte. Ltd.',
    email: 'it@pacificleaf.sg',
    country: 'SG',
  },
] as const;

export const REPOSITORIES = [
  { name: 'money-theme', repo: 'sitefleet/money-theme', branch: 'main', auto: true, update: false },
  { name: 'directory-core', repo: 'sitefleet/directory-core', branch: 'main', auto: true, update: true },
  {
    name: 'link-static-builder',
    repo: 'sitefleet/link-static-builder',
    branch: 'main',
    auto: false,
    update: false,
  },
  {
    name: 'service-landing',
    repo: 'sitefleet/service-landing',
    branch: 'production',
    auto: true,
    update: false,
  },
  { name: 'wp-mu-plugins', repo: 'sitefleet/wp-mu-plugins', branch: 'main', auto: false, update: true },
] as const;

export const PROXIES = [
  { name: 'de-residential-01', ip: '185.199.228.220', port: 7300, country: 'Germany' },
  { name: 'nl-datacenter-02', ip: '45.87.212.19', port: 8080, country: 'Netherlands' },
  { name: 'uk-residential-03', ip: '82.165.101.4', port: 7300, country: 'United Kingdom' },
  { name: 'us-datacenter-04', ip: '104.238.130.77', port: 3128, country: 'United States' },
  { name: 'se-mobile-05', ip: '94.254.0.90', port: 9000, country: 'Sweden' },
  { name: 'jp-residential-06', ip: '133.18.202.51', port: 7300, country: 'Japan' },
] as const;

export const ENVS: Array<{ env: string; variable: string; value: string; secret: boolean }> = [
  { env: 'production', variable: 'APP_URL', value: 'https://console.sitefleet.example', secret: false },
  { env: 'production', variable: 'RUNCLOUD_API_KEY', value: 'rc_live_7f3a9c1e5b2d4f60', secret: true },
  { env: 'production', variable: 'AHREFS_API_TOKEN', value: 'ahr_9d81c2aa0f7e4b3c', secret: true },
  { env: 'production', variable: 'MAIL_FROM_ADDRESS', value: 'alerts@sitefleet.example', secret: false },
  { env: 'dms', variable: 'DNS_RESOLVERS', value: '1.1.1.1,9.9.9.9', secret: false },
  { env: 'dms', variable: 'SERPAPI_KEY', value: 'serp_3e6b0a9d71c24f58', secret: true },
  {
    env: 'users',
    variable: 'GOOGLE_CLIENT_ID',
    value: '1049-sitefleet.apps.googleusercontent.com',
    secret: false,
  },
  {
    env: 'analytics',
    variable: 'GA4_SERVICE_ACCOUNT',
    value: 'ga4-reader@sitefleet-analytics.iam.gserviceaccount.com',
    secret: false,
  },
  { env: 'analytics', variable: 'GA4_PRIVATE_KEY_ID', value: 'b51c0e8f9a2d47c6a1e3', secret: true },
  { env: 'local', variable: 'APP_URL', value: 'https://staging.sitefleet.example', secret: false },
  { env: 'local', variable: 'SEED_DEMO', value: 'true', secret: false },
  { env: 'test', variable: 'LOG_LEVEL', value: 'warn', secret: false },
];

const NICHES: Record<string, { words: string[]; tags: string[] }> = {
  casino: {
    words: ['casino', 'slots', 'roulette', 'jackpot', 'bonus', 'spins'],
    tags: ['casino', 'affiliate-heavy'],
  },
  betting: { words: ['betting', 'odds', 'tipster', 'wager', 'sportsbook', 'bets'], tags: ['sportsbook'] },
  finance: {
    words: ['loans', 'credit', 'savings', 'mortgage', 'budget', 'invest'],
    tags: ['personal-finance'],
  },
  crypto: { words: ['crypto', 'bitcoin', 'coins', 'wallet', 'defi', 'token'], tags: ['crypto'] },
  local: { words: ['plumber', 'movers', 'dentist', 'roofing', 'locksmith', 'cleaning'], tags: ['local-seo'] },
};
export const NICHE_NAMES = Object.keys(NICHES);
export const nicheOf = (n: string) => NICHES[n]!;
export const QUALIFIERS = [
  'best',
  'top',
  'smart',
  'trusted',
  'daily',
  'pro',
  'the',
  'my',
  'true',
  'rapid',
  'real',
  'prime',
];
export const SUFFIXES = [
  'guide',
  'hub',
  'review',
  'reviews',
  'insider',
  'expert',
  'compare',
  'list',
  'zone',
  'today',
  'wise',
  'central',
];

export const MARKET_TLDS: Record<string, string[]> = {
  UK: ['co.uk', 'uk', 'com'],
  Netherlands: ['nl', 'com'],
  Germany: ['de', 'com', 'eu'],
  Sweden: ['se', 'com'],
  India: ['in', 'com'],
  Japan: ['jp', 'com'],
  USA: ['com', 'net', 'org'],
  Canada: ['com', 'net'],
  Spain: ['com', 'eu'],
  Colombia: ['com', 'net'],
  Italy: ['com', 'eu'],
  International: ['com', 'net', 'info', 'org'],
  Thailand: ['com', 'net'],
  Vietnam: ['com', 'info'],
};
