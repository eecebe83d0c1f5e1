/**
 * robots.txt per RFC 9309: groups of rules for user agents, Allow/Disallow matched against a URL's path and
 * query, the longest match deciding and Allow winning a tie. Written to stay linear on hostile input: no
 * regular expression is built from a rule.
 */

interface Rule {
  allow: boolean;
  /** Percent-encoding normalised, without a trailing "$". */
  pattern: string;
  /** The rule ended with "$": the pattern must match the whole path. */
  anchored: boolean;
  /** Length of the rule as written (its "$" included), the measure of how specific it is. */
  length: number;
}

interface Group {
  agents: string[];
  rules: Rule[];
}

export interface RobotsTxt {
  groups: Group[];
}

/** A robots.txt that allows everything (none, unreadable, or an error answer). */
export const ALLOW_ALL: RobotsTxt = { groups: [] };

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * One form for a path in rules and URLs: non-ASCII and control characters percent-encoded as UTF-8, escapes
 * of unreserved characters decoded, other escapes in upper case (RFC 9309 §2.2.2, RFC 3986 §6.2.2).
 */
function normalisePath(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(parseInt(raw.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${raw.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
      continue;
    }
    const code = raw.codePointAt(i)!;
    if (code > 0x7e || code <= 0x20) {
      const char = String.fromCodePoint(code);
      out += encodeURIComponent(char);
      i += char.length - 1;
    } else out += c;
  }
  return out;
}

/**
 * The product token of a User-Agent value or a group line, lower case: "SitefleetBot/1.0 (+https://…)" and
 * "sitefleetbot" both give "sitefleetbot".
 */
export const userAgentToken = (value: string): string => /^[A-Za-z_-]*/.exec(value.trim())![0].toLowerCase();

export function parseRobots(text: string): RobotsTxt {
  const groups: Group[] = [];
  let current: Group | null = null;
  let inRules = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group; one after rules starts the next group.
      if (!current || inRules) {
        current = { agents: [], rules: [] };
        groups.push(current);
        inRules = false;
      }
      current.agents.push(value === '*' ? '*' : userAgentToken(value));
    } else if ((key === 'allow' || key === 'disallow') && current) {
      inRules = true;
      // An empty Disallow allows everything: it matches nothing, so it is simply not kept.
      if (!value) continue;
      const anchored = value.endsWith('$');
      current.rules.push({
        allow: key === 'allow',
        pattern: normalisePath(anchored ? value.slice(0, -1) : value).replace(/\*+/g, '*'),
        anchored,
        length: value.length,
      });
    }
    // Other records (sitemap, crawl-delay, host) are not rules and neither open nor close a group.
  }
  return { groups };
}

/**
 * Whether `pattern` ("*" for any run of characters) matches the start of `path`, or all of it when anchored.
 * Greedy two-pointer matching that backs up to the last "*" only: O(pattern × path) at worst.
 */
function matches(pattern: string, anchored: boolean, path: string): boolean {
  const p = anchored ? pattern : `${pattern}*`;
  let i = 0;
  let j = 0;
  let star = -1;
  let resume = 0;
  while (i < path.length) {
    if (j < p.length && p[j] !== '*' && p[j] === path[i]) {
      i += 1;
      j += 1;
    } else if (j < p.length && p[j] === '*') {
      star = j;
      resume = i;
      j += 1;
    } else if (star >= 0) {
      resume += 1;
      i = resume;
      j = star + 1;
    } else return false;
  }
  while (j < p.length && p[j] === '*') j += 1;
  return j === p.length;
}

/**
 * Whether a crawler whose product token is `token` may fetch `url`. The groups naming the token (merged when
 * several do) apply, else those for "*", else nothing is disallowed; /robots.txt itself is always allowed.
 */
export function robotsAllows(robots: RobotsTxt, token: string, url: URL): boolean {
  const path = normalisePath(`${url.pathname}${url.search}`);
  if (path === '/robots.txt') return true;
  const named = robots.groups.filter((g) => g.agents.includes(token.toLowerCase()));
  const groups = named.length ? named : robots.groups.filter((g) => g.agents.includes('*'));
  let best: Rule | null = null;
  for (const group of groups)
    for (const rule of group.rules) {
      if (best && (rule.length < best.length || (rule.length === best.length && !rule.allow))) continue;
      if (matches(rule.pattern, rule.anchored, path)) best = rule;
    }
  return best?.allow ?? true;
}

/**
 * robots.txt files kept for a while, for runs that check many links on one site: RFC 9309 §2.4 lets a crawler
 * keep one up to 24 hours; this keeps it `ttlMs` (10 minutes by default) and at most `max` origins.
 */
export class RobotsCache {
  private readonly entries = new Map<string, { at: number; robots: Promise<RobotsTxt> }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 5_000,
  ) {}

  get(origin: string, read: () => Promise<RobotsTxt>): Promise<RobotsTxt> {
    const now = Date.now();
    const hit = this.entries.get(origin);
    if (hit && now - hit.at < this.ttlMs) return hit.robots;
    const robots = read();
    this.entries.delete(origin);
    this.entries.set(origin, { at: now, robots });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return robots;
  }
}
