import type { SafeFetch } from '../http/safe-fetch.js';
import { OPENAI_BASE_URL, OpenAiClient } from './client.js';
import { parsePrices, priceOf, type ModelPrice, type PriceTable } from './prices.js';

export { OPENAI_BASE_URL, OpenAiClient, type OpenAiClientOptions } from './client.js';
export { isOpenAiError, OpenAiError, type OpenAiErrorKind } from './errors.js';
export { costOf, DEFAULT_PRICES, parsePrices, priceOf, type ModelPrice, type PriceTable } from './prices.js';
export type * from './types.js';

export interface OpenAiConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  /** OPENAI_PRICES: `model=input/output` pairs (USD per million tokens) on top of the defaults. */
  prices: string | null;
  timeoutMs: number;
}

/** The configured generator: its client, and the prices its answers are costed with. */
export interface OpenAiSetup {
  client: OpenAiClient;
  prices: PriceTable;
  /** The configured model's price; null when none is configured. */
  price: ModelPrice | null;
}

/**
 * The OpenAI-compatible client, or null when neither a key nor a base URL is set (AI content then says it
 * is not configured). A base URL alone is enough: Ollama, vLLM and llama.cpp need no key.
 */
export function createOpenAi(config: OpenAiConfig, safeFetch: SafeFetch): OpenAiSetup | null {
  const prices = parsePrices(config.prices);
  if (!config.apiKey && !config.baseUrl) return null;
  const client = new OpenAiClient({
    baseUrl: config.baseUrl ?? OPENAI_BASE_URL,
    apiKey: config.apiKey,
    model: config.model,
    safeFetch,
    timeoutMs: config.timeoutMs,
  });
  return { client, prices, price: priceOf(prices, client.model) };
}

export { trustedHosts } from '../http/trusted-hosts.js';
