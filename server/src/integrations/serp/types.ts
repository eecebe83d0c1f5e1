/** What a search engine says about one domain's presence in its index. */
export interface SiteIndexResult {
  /** The domain asked about: A-label (punycode) form, lower case, no trailing dot. */
  domain: string;
  /** The query sent, e.g. "site:example.com". */
  query: string;
  /** At least one result's host is the domain or a subdomain of it. */
  indexed: boolean;
  /**
   * The engine's estimate of matching pages when it printed one, else the matching results seen on the first
   * page; 0 when not indexed. A rough size hint: `site:` counts are estimates and fluctuate.
   */
  resultCount: number;
  /** Up to 5 result URLs on the domain, in rank order. */
  sampleUrls: string[];
}

/** One search API able to answer "is this domain indexed?"; implementations throw SerpError on failure. */
export interface SearchIndexProvider {
  readonly name: string;
  checkSite(domain: string): Promise<SiteIndexResult>;
}

export const SAMPLE_URL_LIMIT = 5;
