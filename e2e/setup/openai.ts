import { OPENAI_KEY, startOpenAiServer } from '../../server/test/integrations/openai-server';

/**
 * The local Chat Completions server (the server tests' one) as the AI content generator, so creating and
 * regenerating articles in the browser writes them without reaching the internet.
 */
export async function startLocalOpenAi() {
  const openai = await startOpenAiServer();
  return {
    env: {
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_MODEL: 'gpt-4o-mini',
      OPENAI_PRICES: '',
    },
    close: () => openai.close(),
  };
}
