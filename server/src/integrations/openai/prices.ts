import type { TokenUsage } from './types.js';

/** USD per million tokens, prompt (input) and completion (output). */
export interface ModelPrice {
  input: number;
  output: number;
}

export type PriceTable = ReadonlyMap<string, ModelPrice>;

/**
 * OpenAI's standard prices as published when this was written (USD per 1M tokens). OPENAI_PRICES adds
 * models or overrides these; a model without a price gets no cost (a local model costs what its machine does).
 */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
};

const PRICE = /^\d+(\.\d+)?$/;

/**
 * The price table: the defaults, then `model=input/output` pairs separated by commas (OPENAI_PRICES, e.g.
 * `gpt-4o-mini=0.15/0.60,llama3.1:8b=0/0`). A model name may hold `:` and `/`; the price follows the last `=`.
 */
export function parsePrices(text: string | null | undefined): PriceTable {
  const table = new Map(Object.entries(DEFAULT_PRICES));
  for (const raw of (text ?? '').split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const at = item.lastIndexOf('=');
    const model = at > 0 ? item.slice(0, at).trim() : '';
    const [input, output, extra] = at > 0 ? item.slice(at + 1).split('/') : [];
    if (
      !model ||
      extra !== undefined ||
      !PRICE.test(input?.trim() ?? '') ||
      !PRICE.test(output?.trim() ?? '')
    )
      throw new Error(
        `OPENAI_PRICES: "${item}" is not model=input/output (USD per million tokens, e.g. gpt-4o-mini=0.15/0.60)`,
      );
    table.set(model, { input: Number(input), output: Number(output) });
  }
  return table;
}

/**
 * The price of a model as a server names it: exactly, else the longest priced name it starts with followed
 * by `-` (a dated snapshot, `gpt-4o-mini-2024-07-18`), else the configured model's.
 */
export function priceOf(table: PriceTable, model: string, configured?: string): ModelPrice | null {
  const exact = table.get(model);
  if (exact) return exact;
  let best: string | null = null;
  for (const name of table.keys())
    if (model.startsWith(`${name}-`) && (best === null || name.length > best.length)) best = name;
  if (best !== null) return table.get(best)!;
  return configured && configured !== model ? priceOf(table, configured) : null;
}

/** The cost of one completion in USD (6 decimals), or null without a price. */
export function costOf(price: ModelPrice | null, usage: TokenUsage | null): number | null {
  if (!price || !usage) return null;
  const usd = (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
  return Math.round(usd * 1_000_000) / 1_000_000;
}
