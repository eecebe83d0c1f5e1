import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** OWASP's argon2id baseline (SECURITY.md #4). */
/** 2 is Algorithm.Argon2id (a const enum, not importable as a value). */
export const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored PHC string was made with other parameters than today's, so it is re-hashed on login. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return (
    Number(m[1]) !== ARGON2.memoryCost ||
    Number(m[2]) !== ARGON2.timeCost ||
    Number(m[3]) !== ARGON2.parallelism
  );
}

let dummy: Promise<string> | null = null;
/** A real hash of a random password: unknown users cost one verification too, so timing does not tell. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(18).toString('base64'));
  return dummy;
}
