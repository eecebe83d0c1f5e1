import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { siteDomain } from './domain.js';
import { fromOutbound, quoteSafely, SerpError, type SerpErrorKind } from './errors.js';
import { countOf, httpFailure, isRecord, siteResult, type ResultsPage } from './response.js';
import type { SearchIndexProvider, SiteIndexResult } from './types.js';

export interface DataForSeoOptions {
  /** Account login and API password (HTTP Basic). */
  login: string;
  password: string;
  /** Default https://api.dataforseo.com; a path prefix is kept. */
  baseUrl?: string;
  safeFetch: SafeFetch;
  /** Per request; a live search takes seconds (default 60 s). */
  timeoutMs?: number;
  /** Google location and language codes (default 2840 = United States, en). */
  locationCode?: number;
  languageCode?: string;
}

const PROVIDER = 'DataForSEO';
const OK = 20000;

/** Status codes travel in the body (HTTP is usually 200), at the top and again per task. */
function kindOfCode(code: number): SerpErrorKind {
  if (code === 40100) return 'unauthorized';
  // 40101 "Internal SE Server Error": billed, no data; the search engine side failed.
  if (code === 40101 || code >= 50000) return 'unavailable';
  if (code >= 40200 && code < 40300) return 'rate_limited';
  return 'search_failed';
}

/** DataForSEO SERP API, Google Organic Live Advanced (INTEGRATIONS §6b): one task per call. */
export class DataForSeoProvider implements SearchIndexProvider {
  readonly name = 'dataforseo';
  private readonly endpoint: string;
  private readonly secrets: string[];

  constructor(private readonly options: DataForSeoOptions) {
    const base = (options.baseUrl ?? 'https://api.dataforseo.com').replace(/\/+$/, '');
    this.endpoint = `${base}/v3/serp/google/organic/live/advanced`;
    this.secrets = [options.password];
  }

  async checkSite(input: string): Promise<SiteIndexResult> {
    const domain = siteDomain(input, PROVIDER);
    const query = `site:${domain}`;
    return siteResult(domain, query, this.read(await this.post(query)));
  }

  private async post(keyword: string): Promise<SafeResponse> {
    const task = {
      keyword,
      location_code: this.options.locationCode ?? 2840,
      language_code: this.options.languageCode ?? 'en',
      device: 'desktop',
      depth: 10,
    };
    const credentials = Buffer.from(`${this.options.login}:${this.options.password}`).toString('base64');
    try {
      return await this.options.safeFetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/json' },
        body: JSON.stringify([task]),
        accept: 'application/json',
        maxRedirects: 0,
        maxBytes: 4 * 1024 * 1024,
        timeoutMs: this.options.timeoutMs ?? 60_000,
      });
    } catch (err) {
      throw fromOutbound(err, PROVIDER, this.secrets);
    }
  }

  private codeError(status: unknown, message: unknown): SerpError | null {
    if (status === OK) return null;
    const code = typeof status === 'number' ? status : 0;
    const said = typeof message === 'string' ? `: ${quoteSafely(message, this.secrets)}` : '';
    return new SerpError(kindOfCode(code), `${PROVIDER} answered status ${code}${said}`, {
      provider: PROVIDER,
    });
  }

  private read(res: SafeResponse): ResultsPage {
    let body: unknown;
    try {
      body = res.json<unknown>();
    } catch {
      body = undefined;
    }
    if (res.status !== 200) {
      const said = isRecord(body) && typeof body.status_message === 'string' ? body.status_message : null;
      throw httpFailure(PROVIDER, res, said ? `: ${quoteSafely(said, this.secrets)}` : '');
    }
    const bad = (what: string) =>
      new SerpError('bad_response', `${PROVIDER} answered ${what}`, { provider: PROVIDER });
    if (!isRecord(body)) throw bad('with invalid JSON');
    const top = this.codeError(body.status_code, body.status_message);
    if (top) throw top;
    const task = Array.isArray(body.tasks) ? body.tasks[0] : undefined;
    if (!isRecord(task)) throw bad('without a task');
    const failed = this.codeError(task.status_code, task.status_message);
    if (failed) throw failed;
    const result = Array.isArray(task.result) ? task.result[0] : undefined;
    // An empty search may come back with result or items null.
    if (result === undefined || result === null) return { totalResults: 0, links: [] };
    if (!isRecord(result)) throw bad('with a malformed result');
    const items = Array.isArray(result.items) ? result.items : [];
    const links = items.flatMap((item) =>
      isRecord(item) && item.type === 'organic' && typeof item.url === 'string' ? [item.url] : [],
    );
    return { totalResults: countOf(result.se_results_count), links };
  }
}
