import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/** Parses a 256-bit key given as 64 hex characters or base64 of 32 bytes. */
export function parseKey(text: string, name = 'SECRETS_KEY'): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return key;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * AES-256-GCM for secret fields. Each value gets a fresh 96-bit IV; the stored form names the key it was
 * sealed with (v1.<key id>.<iv>.<tag>.<ciphertext>), so old keys can still open values after a rotation.
 * The additional data binds a value to its column, so a ciphertext moved to another column fails to open.
 */
export class SecretBox {
  // Key objects made once: a raw key given to createCipheriv is imported again on every call (a fleet sync
  // opens a password per site).
  private readonly current: { id: string; key: KeyObject };
  private readonly byId = new Map<string, KeyObject>();

  constructor(currentKey: Buffer, oldKeys: Buffer[] = []) {
    this.current = { id: keyId(currentKey), key: createSecretKey(currentKey) };
    for (const k of [currentKey, ...oldKeys]) this.byId.set(keyId(k), createSecretKey(k));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      'v1',
      this.current.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ct.toString('base64url'),
    ].join('.');
  }

  open(sealed: string, context: string): string {
    const [v, kid, iv, tag, ct] = sealed.split('.');
    if (v !== 'v1' || !kid || !iv || !tag || ct === undefined) throw new Error('Not a sealed secret');
    const key = this.byId.get(kid);
    if (!key) throw new Error(`Secret sealed with unknown key ${kid}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** True when the value was sealed with an older key and should be re-sealed. */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current.id;
  }
}
