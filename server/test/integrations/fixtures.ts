import { readFileSync } from 'node:fs';

/** Reads a file under server/test/fixtures. */
export const fixture = (relative: string): string =>
  readFileSync(new URL(`../fixtures/${relative}`, import.meta.url), 'utf8');

/** A resolver for tests: every name fails, so nothing can reach real DNS or the internet by accident. */
export const noDns = async (hostname: string): Promise<string[]> => {
  throw Object.assign(new Error(`tests do not resolve ${hostname}`), { code: 'ENOTFOUND' });
};
