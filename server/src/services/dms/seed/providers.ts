import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';

/** Agencies (and freelancers) that sell links, each with the currency it quotes in. */
const AGENCIES: Array<[string, string]> = [
  ['LinkForge Media', 'EUR'],
  ['Outreachly', 'GBP'],
  ['Nordic Links AB', 'SEK'],
  ['SERPstream', 'USD'],
  ['Gastbeitrag24', 'EUR'],
  ['PolskiLink', 'PLN'],
  ['Maple Outreach', 'CAD'],
  ['Down Under SEO', 'AUD'],
  ['Alpen Links', 'CHF'],
  ['Freelancer: Marco Ruiz', 'EUR'],
  ['Freelancer: Priya Nair', 'GBP'],
  ['Freelancer: Oscar Lindqvist', 'SEK'],
];

/** Sites sold through them: the publishers of the demo ledger first, so Freelancer search finds both. */
const HOSTS: Array<[string, string, string]> = [
  ['slotsmagazin.de', 'Germany', 'German'],
  ['spelbloggen.se', 'Sweden', 'Swedish'],
  ['casinoreviewhub.co.uk', 'UK', 'English'],
  ['moneytips.co.uk', 'UK', 'English'],
  ['apuestas-hoy.es', 'Spain', 'Spanish'],
  ['bettingtipsdaily.com', 'USA', 'English'],
  ['reviewhub.net', 'Canada', 'English'],
  ['kasyno-ranking.pl', 'International', 'Polish'],
];
const STEMS = [
  'casinoguide',
  'slotfans',
  'wettportal',
  'pokernews',
  'bonusjager',
  'sportwetten-info',
  'financeweekly',
  'spelsidor',
  'kasinotest',
  'jackpotdaily',
  'betradar-blog',
  'moneysaver',
  'cryptodigest',
  'gamingpulse',
  'lottoblog',
  'oddschecker-news',
  'rouletteclub',
  'bingohall',
  'esportsbet',
  'spielbank-ratgeber',
  'nettikasinot',
  'apostasdeportivas',
  'tippsundtricks',
  'pengeblogg',
  'sportsbook-review',
  'livecasinohub',
  'freispiele',
  'casinobonus-uk',
  'wagerwise',
  'tipsterlounge',
];
const TLDS: Array<[string, string, string]> = [
  ['.com', 'International', 'English'],
  ['.co.uk', 'UK', 'English'],
  ['.de', 'Germany', 'German'],
  ['.se', 'Sweden', 'Swedish'],
  ['.es', 'Spain', 'Spanish'],
  ['.ca', 'Canada', 'English'],
  ['.it', 'Italy', 'Italian'],
  ['.nl', 'Netherlands', 'Dutch'],
  ['.net', 'USA', 'English'],
];
const SITES = 60;
/** The currency sites of a market are usually sold in. */
const MARKET_CURRENCY: Record<string, string> = {
  UK: 'GBP',
  Sweden: 'SEK',
  Germany: 'EUR',
  Spain: 'EUR',
  Italy: 'EUR',
  Netherlands: 'EUR',
  Canada: 'CAD',
  USA: 'USD',
  International: 'USD',
};

/** Typical prices per currency: a link on a small site up to one on a strong one. */
const PRICE_RANGE: Record<string, [number, number]> = {
  EUR: [60, 900],
  USD: [70, 1000],
  GBP: [50, 800],
  SEK: [700, 9000],
  PLN: [250, 3500],
  CAD: [90, 1300],
  AUD: [100, 1400],
  CHF: [60, 850],
};

/** Where each currency's rate (per 1 EUR) stood a month ago, roughly. */
const BASE_RATES: Record<string, number> = {
  USD: 1.0843,
  GBP: 0.8561,
  SEK: 11.482,
  PLN: 4.3195,
  CAD: 1.4778,
  AUD: 1.6452,
  CHF: 0.9387,
  DKK: 7.4587,
  NOK: 11.6335,
};

const MARKETPLACES = [
  { name: 'Collaborator', url: 'https://collaborator.pro', commission_percent: 15, currency: 'USD' },
  { name: 'Adsy', url: 'https://adsy.com', commission_percent: 20, currency: 'USD' },
  { name: 'Linkatik', url: 'https://www.linkatik.com', commission_percent: 12.5, currency: 'EUR' },
  { name: 'Whitepress', url: 'https://www.whitepress.com', commission_percent: 18, currency: 'EUR' },
  { name: 'Getfluence', url: 'https://www.getfluence.com', commission_percent: 10, currency: 'EUR' },
];

/** The provider sites: the ledger's publishers, then invented ones across agencies and markets. */
function providerSites(rng: Rng) {
  const hosts: Array<{ host: string; market: string; language: string }> = HOSTS.map(
    ([host, market, language]) => ({ host, market, language }),
  );
  for (const stem of rng.sample(STEMS, STEMS.length)) {
    for (const [tld, market, language] of rng.sample(TLDS, 2)) {
      if (hosts.length >= SITES) break;
      hosts.push({ host: `${stem}${tld}`, market, language });
    }
  }
  const at = now();
  return hosts.map(({ host, market, language }, i) => {
    // Mostly an agency quoting in the market's currency; now and then one from elsewhere.
    const local = AGENCIES.filter(([, c]) => c === MARKET_CURRENCY[market]);
    const [agency, currency] =
      local.length && rng.chance(0.75) ? rng.pick(local) : AGENCIES[i % AGENCIES.length]!;
    const [low, high] = PRICE_RANGE[currency]!;
    const dr = rng.int(8, 78);
    const strength = dr / 80;
    const created = at - rng.int(20, 400) * DAY;
    return {
      url: `${rng.chance(0.8) ? 'https' : 'http'}://${rng.chance(0.3) ? 'www.' : ''}${host}`,
      agency,
      price: Math.round(low + (high - low) * strength * (0.7 + rng.next() * 0.6)),
      currency,
      ssl: rng.chance(0.9),
      language,
      ip_address: `${rng.pick([5, 37, 46, 51, 78, 88, 95, 104, 141, 172, 185])}.${rng.int(1, 254)}.${rng.int(0, 254)}.${rng.int(1, 254)}`,
      ahrefs_traffic: Math.round(10 ** (1.5 + strength * 4 + rng.next())),
      domain_rating: dr,
      citation_flow: Math.min(100, Math.max(1, Math.round(dr * 0.6 + rng.int(-8, 12)))),
      trust_flow: Math.min(100, Math.max(1, Math.round(dr * 0.45 + rng.int(-10, 8)))),
      target_market: market,
      notes: rng.chance(0.25)
        ? rng.pick([
            'Casino content accepted, marked as sponsored',
            'No gambling on the homepage; articles only',
            'Price includes a 600-word article',
            'Dofollow, permanent; payment by PayPal or Wise',
          ])
        : null,
      created_at: created,
      updated_at: Math.min(at, created + rng.int(0, 60) * DAY),
    };
  });
}

/**
 * exchange_rates is no declared resource, so its demo days are written in SQL: the last 30 days' ECB
 * working days (weekdays), each currency drifting a little from day to day around its base rate.
 */
async function seedRates(tx: Queryable, rng: Rng): Promise<void> {
  const today = now() - (now() % DAY);
  const rows: Array<{ currency: string; day: number; rate: number }> = [];
  for (const [currency, base] of Object.entries(BASE_RATES)) {
    let rate = base;
    for (let back = 29; back >= 0; back -= 1) {
      const day = today - back * DAY;
      rate *= 1 + (rng.next() - 0.5) * 0.008;
      const weekday = new Date(day * 1000).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      rows.push({ currency, day, rate: Number(rate.toFixed(4)) });
    }
  }
  await tx.query(
    `INSERT INTO exchange_rates (currency, day, rate)
     SELECT x.currency, x.day, x.rate FROM jsonb_to_recordset($1::jsonb) AS x(currency text, day bigint, rate numeric)
     ON CONFLICT (currency, day) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Link provider sites, marketplaces and 30 days of exchange rates for the currencies they quote in. */
export async function seedProviders(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(1804);
  await records.insert('link-provider-websites', providerSites(rng));
  await records.insert(
    'marketplace-providers',
    MARKETPLACES.map((m, i) => ({
      ...m,
      notes: i === 0 ? 'Pays publishers monthly; disputes within 30 days' : null,
    })),
  );
  await seedRates(tx, rng);
}
