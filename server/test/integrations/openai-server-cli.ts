/**
 * The local Chat Completions server as a process of its own, for `npm start` without OPENAI_API_KEY or
 * OPENAI_BASE_URL (scripts/start.mjs): the demo's articles are then written by the demo writer, offline.
 * Prints one line of JSON, `{"baseUrl", "apiKey"}`, once it listens; stops on SIGTERM or SIGINT.
 */
import { OPENAI_KEY, startOpenAiServer } from './openai-server.js';

const server = await startOpenAiServer();
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, apiKey: OPENAI_KEY })}\n`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
