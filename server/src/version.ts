import { readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | null = null;
export function serverVersion(): string {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  cached = pkg.version;
  return cached;
}
