import { CONTENT_FORM_TYPE_LABELS, type ContentFormType } from '@sitefleet/shared';
import type { Integrations } from '../../../deps.js';
import { costOf, priceOf, type OpenAiSetup, type TokenUsage } from '../../../integrations/openai/index.js';
import { articleMessages, type ArticleBrief } from './brief.js';
import { ARTICLE_SCHEMA, parseArticle, type ArticleJson } from './schema.js';

/** What a generator wrote, and what it cost. */
export interface Written {
  article: ArticleJson;
  model: string;
  usage: TokenUsage | null;
  /** USD; null when the model has no configured price or the server sent no usage. */
  cost: number | null;
}

/**
 * One generator slot (a form type): whether it can write now, and writing an article from a brief. The
 * generation command and the schedules only talk to this interface, so another vendor's client (Narrativa,
 * once it publishes an API) is one more entry in `contentProviders`.
 */
export interface ContentProvider {
  formType: ContentFormType;
  name: string;
  /** Null when it can write; otherwise why not, in words for the screen and the failed article. */
  unavailable: string | null;
  /** What it is (model and host), for the screens. */
  detail: string;
  write(brief: ArticleBrief): Promise<Written>;
}

/** The OpenAI-compatible generator: Chat Completions with the article's strict JSON schema. */
function openAiProvider(setup: OpenAiSetup | null): ContentProvider {
  const name = CONTENT_FORM_TYPE_LABELS.openai;
  if (!setup)
    return {
      formType: 'openai',
      name,
      unavailable:
        'The OpenAI-compatible generator is not configured: set OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (Ollama, vLLM, llama.cpp)',
      detail: 'Not configured',
      write: () => Promise.reject(new Error('The OpenAI-compatible generator is not configured')),
    };
  const { client, prices } = setup;
  return {
    formType: 'openai',
    name,
    unavailable: null,
    detail: `${client.model} at ${client.endpointHost}`,
    async write(brief) {
      const r = await client.structured({
        messages: articleMessages(brief),
        name: 'article',
        schema: ARTICLE_SCHEMA,
        parse: parseArticle,
      });
      return {
        article: r.value,
        model: r.model,
        usage: r.usage,
        cost: costOf(priceOf(prices, r.model, client.model), r.usage),
      };
    },
  };
}

/**
 * Narrativa's slot. Narrativa publishes no API (INTEGRATIONS §9: a web platform; API access, if any, is
 * arranged with its sales team), so there is no client to call: articles of this form type fail with this
 * reason until an adapter for a contract Narrativa supplies takes this entry's place.
 */
const NARRATIVA_NO_API =
  'Narrativa publishes no public API, so Sitefleet has no Narrativa client: choose the OpenAI-compatible form type, or add a Narrativa adapter once Narrativa supplies an API contract';

function narrativaProvider(): ContentProvider {
  return {
    formType: 'narrativa',
    name: CONTENT_FORM_TYPE_LABELS.narrativa,
    unavailable: NARRATIVA_NO_API,
    detail: 'No public API',
    write: () => Promise.reject(new Error(NARRATIVA_NO_API)),
  };
}

/** Every form type's generator. */
export function contentProviders(
  integrations: Pick<Integrations, 'openai'>,
): Record<ContentFormType, ContentProvider> {
  return { openai: openAiProvider(integrations.openai), narrativa: narrativaProvider() };
}
