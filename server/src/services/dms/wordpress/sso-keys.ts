import type { Queryable } from '../../../db/db.js';
import type { SecretBox } from '../../../core/secrets.js';
import { generateSsoKeyPair, ssoKeyId } from '../../../integrations/wordpress/index.js';

/** The signing key one-click logins use: its id, the raw public key (base64) and the private key (PEM). */
export interface SsoSigningKey {
  kid: string;
  publicKey: string;
  privateKeyPem: string;
}

const CONTEXT = 'wp_sso_keys.private_key';

/**
 * The current signing key, created on first use and kept in `wp_sso_keys` with the private half sealed.
 * The oldest key not retired signs, so processes that race to create one agree on the same key.
 */
export async function currentSsoKey(db: Queryable, secrets: SecretBox): Promise<SsoSigningKey> {
  const read = async () =>
    (
      await db.query<{ kid: string; public_key: string; private_key: string }>(
        'SELECT kid, public_key, private_key FROM wp_sso_keys WHERE retired_at IS NULL ORDER BY created_at, kid LIMIT 1',
      )
    ).rows[0];
  let row = await read();
  if (!row) {
    const pair = generateSsoKeyPair();
    await db.query(
      'INSERT INTO wp_sso_keys (kid, public_key, private_key) VALUES ($1, $2, $3) ON CONFLICT (kid) DO NOTHING',
      [ssoKeyId(pair.publicKey), pair.publicKey, secrets.seal(pair.privateKeyPem, CONTEXT)],
    );
    row = await read();
  }
  if (!row) throw new Error('No one-click login signing key could be created');
  return { kid: row.kid, publicKey: row.public_key, privateKeyPem: secrets.open(row.private_key, CONTEXT) };
}
