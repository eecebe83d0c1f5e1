export { runLighthouse, pendingLighthouseRuns, DEFAULT_CHROME_PATH, DEFAULT_TIMEOUT_MS } from './runner.js';
export * from './types.js';
