/**
 * The analytics, tag-manager, advertising and pixel ids in a page: the ids an owner reuses across sites and
 * that public lookup services index, so two sites carrying the same one are tied to one owner. Pure.
 */

export const TRACKER_KINDS = ['ga4', 'ua', 'gtm', 'adsense', 'meta_pixel', 'clarity', 'hotjar'] as const;
export type TrackerKind = (typeof TRACKER_KINDS)[number];

export const TRACKER_LABELS: Record<TrackerKind, string> = {
  ga4: 'Google Analytics 4',
  ua: 'Universal Analytics',
  gtm: 'Google Tag Manager',
  adsense: 'AdSense publisher',
  meta_pixel: 'Meta pixel',
  clarity: 'Microsoft Clarity',
  hotjar: 'Hotjar',
};

export interface Tracker {
  kind: TrackerKind;
  value: string;
}

interface Pattern {
  kind: TrackerKind;
  re: RegExp;
  /** The id as stored (upper-cased where the service ignores case). */
  norm: (m: RegExpExecArray) => string;
}

// Each id is anchored on the context it appears in (a gtag/config call, a script URL, a data attribute), so
// words that merely look like ids ("G-STRING" in prose) are not taken.
const PATTERNS: Pattern[] = [
  {
    kind: 'ga4',
    re: /(?:gtag\/js\?id=|['"]config['"]\s*,\s*['"]|measurement_?id['"]?\s*[:=]\s*['"])(G-[A-Z0-9]{6,12})\b/gi,
    norm: (m) => m[1]!.toUpperCase(),
  },
  {
    kind: 'ua',
    re: /\b(UA-\d{4,10}-\d{1,4})\b/gi,
    norm: (m) => m[1]!.toUpperCase(),
  },
  {
    kind: 'gtm',
    re: /(?:gtm\.js\?id=|ns\.html\?id=|['"](?=GTM-))(GTM-[A-Z0-9]{4,9})\b/gi,
    norm: (m) => m[1]!.toUpperCase(),
  },
  {
    kind: 'adsense',
    re: /\b(ca-pub-\d{10,20})\b/gi,
    norm: (m) => m[1]!.toLowerCase(),
  },
  {
    kind: 'meta_pixel',
    re: /fbq\(\s*['"]init['"]\s*,\s*['"](\d{10,20})['"]|facebook\.com\/tr\?id=(\d{10,20})/gi,
    norm: (m) => (m[1] ?? m[2])!,
  },
  {
    kind: 'clarity',
    re: /clarity\.ms\/tag\/([a-z0-9]{6,14})\b|\(\s*window\s*,\s*document\s*,\s*['"]clarity['"]\s*,\s*['"]script['"]\s*,\s*['"]([a-z0-9]{6,14})['"]/gi,
    norm: (m) => (m[1] ?? m[2])!.toLowerCase(),
  },
  {
    kind: 'hotjar',
    re: /\bhjid\s*:\s*(\d{5,10})\b|static\.hotjar\.com\/c\/hotjar-(\d{5,10})\.js/gi,
    norm: (m) => (m[1] ?? m[2])!,
  },
];

/** The distinct tracker ids in a page's HTML, in the order of TRACKER_KINDS then first appearance. */
export function extractTrackers(html: string): Tracker[] {
  const out: Tracker[] = [];
  const seen = new Set<string>();
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(html); m; m = p.re.exec(html)) {
      const value = p.norm(m);
      const key = `${p.kind}:${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ kind: p.kind, value });
    }
  }
  return out;
}
