import type { ContentLanguage, Weekday, WritingTone } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import { costOf, DEFAULT_PRICES } from '../../../integrations/openai/index.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { NICHE_CONTENT } from '../seed/content-data.js';
import { loadPortfolio, type Site } from '../seed/portfolio.js';
import { briefJson, type Backlink } from './brief.js';
import { dayStart, isDueOn, nextRunAfter, type Cadence } from './cadence.js';
import { writeDemoArticle } from './demo-writer.js';
import { buildArticleHtml, countArticle } from './html.js';

type Row = Record<string, unknown>;

interface Brief {
  topic: string;
  language: ContentLanguage;
  tone: WritingTone | null;
  keywords: string[];
  subsections: number;
  paragraphs: number;
  introduction: boolean;
  backlinks: Backlink[];
}

/** The articles' briefs: topics a content team of this portfolio writes about, in the markets' languages. */
const TOPICS: Array<
  Omit<Brief, 'backlinks' | 'subsections' | 'paragraphs' | 'introduction'> & { links: number }
> = [
  {
    topic: 'Wagering requirements explained',
    language: 'en',
    tone: 'informative',
    keywords: ['wagering requirements', 'casino bonus'],
    links: 2,
  },
  {
    topic: 'How to read betting odds',
    language: 'en',
    tone: 'friendly',
    keywords: ['betting odds', 'decimal odds'],
    links: 1,
  },
  {
    topic: 'Bitcoin wallets for beginners',
    language: 'en',
    tone: 'conversational',
    keywords: ['bitcoin wallet', 'cold storage'],
    links: 1,
  },
  {
    topic: 'Fixed or variable mortgage rates',
    language: 'en',
    tone: 'authoritative',
    keywords: ['mortgage rates', 'fixed rate'],
    links: 0,
  },
  {
    topic: 'Online-Casino Bonusbedingungen',
    language: 'de',
    tone: 'professional',
    keywords: ['Bonusbedingungen', 'Umsatzbedingungen'],
    links: 1,
  },
  {
    topic: 'Sportwetten Quoten vergleichen',
    language: 'de',
    tone: 'neutral',
    keywords: ['Wettquoten', 'Buchmacher'],
    links: 2,
  },
  {
    topic: 'Hypotheekrente vergelijken',
    language: 'nl',
    tone: 'empathetic',
    keywords: ['hypotheekrente', 'rentevaste periode'],
    links: 1,
  },
  {
    topic: 'Online casino vergunning in Nederland',
    language: 'nl',
    tone: 'formal',
    keywords: ['Kansspelautoriteit', 'vergunning'],
    links: 0,
  },
  {
    topic: 'Apuestas deportivas en Colombia',
    language: 'es',
    tone: 'enthusiastic',
    keywords: ['apuestas deportivas', 'Coljuegos'],
    links: 1,
  },
  {
    topic: 'オンラインカジノの選び方',
    language: 'ja',
    tone: null,
    keywords: ['オンラインカジノ', 'ボーナス'],
    links: 1,
  },
  {
    topic: '仮想通貨取引所の比較',
    language: 'ja',
    tone: 'informative',
    keywords: ['仮想通貨', '取引所'],
    links: 0,
  },
  {
    topic: 'Casino utan svensk licens',
    language: 'sv',
    tone: 'persuasive',
    keywords: ['svensk licens', 'Spelinspektionen'],
    links: 1,
  },
  {
    topic: 'Crédit immobilier : taux actuels',
    language: 'fr',
    tone: 'optimistic',
    keywords: ['taux immobilier', 'courtier'],
    links: 1,
  },
  {
    topic: 'Bonus casinò senza deposito',
    language: 'it',
    tone: 'humorous',
    keywords: ['bonus senza deposito', 'giri gratis'],
    links: 2,
  },
  {
    topic: 'Live dealer blackjack strategy',
    language: 'en',
    tone: 'informal',
    keywords: ['live blackjack', 'basic strategy'],
    links: 1,
  },
];

/** Who wrote what, and at which price: most articles on gpt-4o-mini, the long ones on gpt-4o. */
const MODELS = [
  { name: 'gpt-4o-mini-2024-07-18', price: DEFAULT_PRICES['gpt-4o-mini']! },
  { name: 'gpt-4o-2024-08-06', price: DEFAULT_PRICES['gpt-4o']! },
];

/** An article as a generation writes it: the demo writer's text, its HTML, counts, tokens and cost. */
function written(rng: Rng, brief: Brief, variant: number, big: boolean): Row {
  const json = briefJson({ ...brief, description: null, persona: null, website: null, market: null });
  const a = writeDemoArticle(json, variant);
  const { html } = buildArticleHtml(a, brief.backlinks);
  const counts = countArticle(html, brief.language);
  const model = MODELS[big ? 1 : 0]!;
  const wide = brief.language === 'ja' || brief.language === 'th';
  const usage = {
    promptTokens: rng.int(620, 780),
    completionTokens: Math.round(
      (wide ? counts.characters : counts.characters / 4) * (1 + rng.next() * 0.08),
    ),
    totalTokens: 0,
  };
  usage.totalTokens = usage.promptTokens + usage.completionTokens;
  return {
    status: 'ready',
    ready: true,
    title: a.title,
    excerpt: a.excerpt,
    image_alt_description: a.image_alt_text,
    tweet: a.tweet,
    metadescription: a.meta_description,
    html,
    article_words: counts.words,
    article_characters: counts.characters,
    model: model.name,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    cost: costOf(model.price, usage),
  };
}

/** A backlink to one of the niche's money pages on a money site. */
function backlinkTo(rng: Rng, money: Site[], site: Site): Backlink {
  const target = money.find((m) => m.niche === site.niche) ?? rng.pick(money);
  const content = NICHE_CONTENT[target.niche];
  const [path] = rng.pick(content.moneyPages);
  return { url: `${target.url.replace(/\/$/, '')}${path}`, anchor: rng.pick(content.anchors) };
}

const briefFields = (b: Brief) => ({
  topic: b.topic,
  language: b.language,
  tone: b.tone,
  keywords: b.keywords,
  number_subsections: b.subsections,
  paragraphs: b.paragraphs,
});

/**
 * AI content and its schedules (issue 20): fifteen articles in nine languages and most of the thirteen
 * tones, with tokens and cost (two sent to WordPress as drafts, one failed on quota), and six schedules,
 * daily and weekly, English and Japanese, with the articles they wrote (one Narrativa-type schedule,
 * failing for want of a Narrativa API; one paused).
 */
export async function seedContent(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(2020);
  const { sites } = await loadPortfolio(tx);
  const live = sites.filter((s) => s.status === 'LIVE' && s.type !== 'THIRD_PARTY');
  const money = live.filter((s) => s.type === 'MONEY');
  if (!live.length || !money.length) return;
  const t = now();
  const articles: Row[] = TOPICS.map((topic, i) => {
    const site = live[(i * 7) % live.length]!;
    const brief: Brief = {
      ...topic,
      subsections: rng.int(3, 5),
      paragraphs: rng.int(3, 4),
      introduction: i % 4 !== 3,
      backlinks: Array.from({ length: topic.links }, () => backlinkTo(rng, money, site)),
    };
    const created = t - (40 - i * 2) * DAY - rng.int(0, 20_000);
    const row: Row = {
      form_type: 'openai',
      website_id: site.id,
      ...briefFields(brief),
      description:
        i % 3 === 0 ? `For ${site.host}: answer the questions readers ask most, with examples.` : null,
      persona: i % 5 === 0 ? 'A former bookmaker who explains things plainly' : null,
      create_introduction: brief.introduction,
      backlink: brief.backlinks[0]?.url ?? null,
      backlink_anchor: brief.backlinks[0]?.anchor ?? null,
      backlink_2: brief.backlinks[1]?.url ?? null,
      backlink_2_anchor: brief.backlinks[1]?.anchor ?? null,
      ...written(rng, brief, i, brief.subsections >= 5),
      generated_at: created + rng.int(40, 160),
      created_at: created,
      updated_at: created + 200,
    };
    if (i === 4 || i === 9) {
      Object.assign(row, {
        wp_post_id: 1200 + i,
        wp_post_url: `${site.url.replace(/\/$/, '')}/?p=${1200 + i}`,
        published_at: created + 3 * DAY,
        updated_at: created + 3 * DAY,
      });
    }
    return row;
  });
  // One whose generation failed: the account's quota was spent.
  const failed = live[3 % live.length]!;
  articles.push({
    form_type: 'openai',
    website_id: failed.id,
    topic: 'Esports betting markets',
    language: 'en',
    tone: 'enthusiastic',
    keywords: ['esports betting', 'CS2 odds'],
    number_subsections: 4,
    paragraphs: 3,
    create_introduction: true,
    status: 'failed',
    ready: false,
    error:
      'The OpenAI-compatible server refused: the account has no quota left (check the plan and billing; not retried) (HTTP 429): You exceeded your current quota, please check your plan and billing details.',
    created_at: t - 2 * DAY,
    updated_at: t - 2 * DAY + 30,
  });
  await records.insert('open-ai-content', articles);
  await seedSchedules(records, rng, live, t);
}

interface SchedulePlan {
  topic: string;
  language: 'en' | 'ja';
  tone: WritingTone | null;
  keywords: string[];
  unit: 'days' | 'weeks';
  every: number;
  on: Weekday[];
  formType: 'openai' | 'narrativa';
  localised: boolean;
  active: boolean;
}

const SCHEDULES: SchedulePlan[] = [
  {
    topic: 'Daily football betting tips',
    language: 'en',
    tone: 'friendly',
    keywords: ['betting tips', 'football odds'],
    unit: 'days',
    every: 1,
    on: [],
    formType: 'openai',
    localised: true,
    active: true,
  },
  {
    topic: '今週のオンラインカジノニュース',
    language: 'ja',
    tone: null,
    keywords: ['オンラインカジノ', 'ニュース'],
    unit: 'days',
    every: 3,
    on: [],
    formType: 'openai',
    localised: false,
    active: true,
  },
  {
    topic: 'Crypto market weekly',
    language: 'en',
    tone: 'professional',
    keywords: ['bitcoin price', 'crypto market'],
    unit: 'weeks',
    every: 1,
    on: ['monday', 'thursday'],
    formType: 'openai',
    localised: false,
    active: true,
  },
  {
    topic: 'カジノボーナス特集',
    language: 'ja',
    tone: null,
    keywords: ['カジノボーナス'],
    unit: 'weeks',
    every: 2,
    on: ['friday'],
    formType: 'openai',
    localised: true,
    active: true,
  },
  {
    topic: 'Weekend racing previews',
    language: 'en',
    tone: 'enthusiastic',
    keywords: ['horse racing', 'racing tips'],
    unit: 'weeks',
    every: 1,
    on: ['wednesday'],
    formType: 'narrativa',
    localised: false,
    active: true,
  },
  {
    topic: 'Mortgage market roundup',
    language: 'en',
    tone: 'neutral',
    keywords: ['mortgage rates'],
    unit: 'days',
    every: 7,
    on: [],
    formType: 'openai',
    localised: true,
    active: false,
  },
];

/** The schedules and the articles they wrote for their latest due dates. */
async function seedSchedules(
  records: SeedContext['records'],
  rng: Rng,
  live: Site[],
  t: number,
): Promise<void> {
  const start = dayStart(t) - 40 * DAY;
  const today = dayStart(t);
  const dues = SCHEDULES.map((s) => {
    const c: Cadence = { unit: s.unit, every: s.every, on: s.on, start };
    const days: number[] = [];
    for (let d = start; d <= today; d += DAY) if (isDueOn(c, d)) days.push(d);
    return s.active ? days.slice(-3) : days.slice(-5, -2);
  });
  const ids = await records.insert(
    'narrativa-schedules',
    SCHEDULES.map((s, i) => {
      const site = live[(i * 5 + 2) % live.length]!;
      const last = dues[i]!.at(-1) ?? null;
      return {
        website_id: site.id,
        form_type: s.formType,
        language: s.language,
        localised: s.localised,
        topic: s.topic,
        tone: s.tone,
        keywords: s.keywords,
        number_subsections: 4,
        paragraphs: 3,
        frequency_every: s.every,
        frequency_unit: s.unit,
        frequency_on: s.on,
        start_date: start,
        active: s.active,
        ready: s.formType === 'openai' && last !== null,
        last_run_at: last,
        // Read-only values win over the hook's (which cannot see them): the date after the last written one.
        next_run_at: s.active
          ? nextRunAfter({ unit: s.unit, every: s.every, on: s.on, start }, t, last)
          : null,
        created_at: start - DAY,
        updated_at: last ?? start,
      };
    }),
  );
  const articles: Row[] = SCHEDULES.flatMap((s, i) =>
    dues[i]!.map((due, n) => {
      const site = live[(i * 5 + 2) % live.length]!;
      const brief: Brief = { ...s, subsections: 4, paragraphs: 3, introduction: true, backlinks: [] };
      const base = {
        form_type: s.formType,
        website_id: site.id,
        ...briefFields(brief),
        create_introduction: true,
        schedule_id: ids[i],
        due_at: due,
        created_at: due + 600,
        updated_at: due + 700,
      };
      if (s.formType === 'narrativa')
        return {
          ...base,
          status: 'failed',
          ready: false,
          error:
            'Narrativa publishes no public API, so Sitefleet has no Narrativa client: choose the OpenAI-compatible form type, or add a Narrativa adapter once Narrativa supplies an API contract',
        };
      return { ...base, ...written(rng, brief, 100 + i * 10 + n, false), generated_at: due + 650 };
    }),
  );
  await records.insert('open-ai-content', articles);
}
