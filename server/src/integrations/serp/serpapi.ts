import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import { siteDomain } from './domain.js';
import { fromOutbound, quoteSafely, SerpError, type SerpErrorKind } from './errors.js';
import { countOf, httpFailure, isRecord, siteResult, type ResultsPage } from './response.js';
import type { SearchIndexProvider, SiteIndexResult } from './types.js';

export interface SerpApiOptions {
  apiKey: string;
  /** Default https://serpapi.com; a path prefix is kept. */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request; SerpApi runs the Google search live, which takes seconds (default 25 s;
   * a negative answer is asked twice). */
  timeoutMs?: number;
  /** Country, interface language and Google domain of the search (default us, en, google.com). */
  gl?: string;
  hl?: string;
  googleDomain?: string;
  /**
   * Asks once more with no_cache=true before answering "not indexed": SerpApi documents false empty answers,
   * and a negative verdict is the one that raises alarms (default true).
   */
  confirmNegative?: boolean;
}

const PROVIDER = 'SerpApi';
const NO_RESULTS = /hasn't returned any results/i;

/** The Google engine of SerpApi (INTEGRATIONS §6a): one `site:` search per check, JSON output. */
export class SerpApiProvider implements SearchIndexProvider {
  readonly name = 'serpapi';
  private readonly endpoint: string;

  constructor(private readonly options: SerpApiOptions) {
    this.endpoint = `${(options.baseUrl ?? 'https://serpapi.com').replace(/\/+$/, '')}/search.json`;
  }

  async checkSite(input: string): Promise<SiteIndexResult> {
    const domain = siteDomain(input, PROVIDER);
    const query = `site:${domain}`;
    let result = siteResult(domain, query, await this.search(query, false));
    if (!result.indexed && this.options.confirmNegative !== false)
      result = siteResult(domain, query, await this.search(query, true));
    return result;
  }

  private async search(query: string, noCache: boolean): Promise<ResultsPage> {
    const params = new URLSearchParams({
      engine: 'google',
      q: query,
      google_domain: this.options.googleDomain ?? 'google.com',
      gl: this.options.gl ?? 'us',
      hl: this.options.hl ?? 'en',
      // Mobile answers do not flag an empty result with `error`; desktop does.
      device: 'desktop',
      // No "similar results omitted" filtering and no autocorrect of a domain that looks like a typo.
      filter: '0',
      nfpr: '1',
      // `num` is left out: Google ignores it since Sep 2025, and values under 10 cause false empty answers.
      api_key: this.options.apiKey,
    });
    if (noCache) params.set('no_cache', 'true');
    let res: SafeResponse;
    try {
      res = await this.options.safeFetch(`${this.endpoint}?${params}`, {
        accept: 'application/json',
        // A redirect would carry the key somewhere else; SerpApi never sends one.
        maxRedirects: 0,
        maxBytes: 4 * 1024 * 1024,
        timeoutMs: this.options.timeoutMs ?? 25_000,
      });
    } catch (err) {
      throw fromOutbound(err, PROVIDER, [this.options.apiKey]);
    }
    return this.read(res);
  }

  private fail(kind: SerpErrorKind, message: string) {
    return new SerpError(kind, message, { provider: PROVIDER, status: 200 });
  }

  private read(res: SafeResponse): ResultsPage {
    let body: unknown;
    try {
      body = res.json<unknown>();
    } catch {
      body = undefined;
    }
    const said = isRecord(body) && typeof body.error === 'string' ? body.error : null;
    const quoted = said ? `: ${quoteSafely(said, [this.options.apiKey])}` : '';
    if (res.status !== 200) throw httpFailure(PROVIDER, res, quoted);
    if (!isRecord(body)) throw this.fail('bad_response', `${PROVIDER} answered with invalid JSON`);
    return this.readResults(body, said, quoted);
  }

  private readResults(body: Record<string, unknown>, said: string | null, quoted: string): ResultsPage {
    const info = isRecord(body.search_information) ? body.search_information : {};
    const status = isRecord(body.search_metadata) ? body.search_metadata.status : undefined;
    if ((said && NO_RESULTS.test(said)) || info.organic_results_state === 'Fully empty')
      return { totalResults: 0, links: [] };
    if (said) throw this.fail('search_failed', `${PROVIDER} could not run the search${quoted}`);
    if (status === 'Error') throw this.fail('unavailable', `${PROVIDER} reported the search as failed`);
    const organic = body.organic_results ?? [];
    if (!Array.isArray(organic))
      throw this.fail('bad_response', `${PROVIDER} answered without a list of organic results`);
    const links = organic.flatMap((r) => (isRecord(r) && typeof r.link === 'string' ? [r.link] : []));
    return { totalResults: countOf(info.total_results), links };
  }
}
