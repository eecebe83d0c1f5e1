// Developer tool: mints Sitefleet one-click login tokens (docs/wordpress.md, "One-click admin login") with an
// Ed25519 key of its own, to try the companion by hand or from a shell test.
//
//   node scripts/wordpress/sso-token.mjs keygen <key.pem>
//       writes a new private key (PKCS#8 PEM, mode 600) and prints the body of POST sitefleet/v1/sso/key
//       without site_id: { "key_id": "...", "public_key": "<base64 of the 32 raw bytes>" }
//   node scripts/wordpress/sso-token.mjs mint <key.pem> --site <id> --aud <url> --staff <id> [options]
//       prints one token. Options: --role administrator|editor (administrator), --email, --name,
//       --sub (sitefleet-<staff>), --kid (the key's id), --iat <unix> (now), --ttl <seconds> (60), --exp <unix>,
//       --jti (random), --tamper (changes the payload after signing: the signature no longer verifies)
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** The 32 raw bytes of an Ed25519 public key (the JWK's x). */
function rawPublicKey(privateKey) {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return Buffer.from(jwk.x, 'base64url');
}

function keyId(raw) {
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

function mint(privateKey, claims) {
  const first = b64url(JSON.stringify(claims));
  return `${first}.${b64url(sign(null, Buffer.from(first, 'ascii'), privateKey))}`;
}

function fail(message) {
  console.error(`sso-token: ${message}`);
  process.exit(2);
}

function loadKey(file) {
  if (!file) fail('name the key file');
  const key = createPrivateKey(readFileSync(file));
  if (key.asymmetricKeyType !== 'ed25519') fail(`${file} is not an Ed25519 private key`);
  return key;
}

const int = (value, name) => {
  if (!/^-?\d+$/.test(value)) fail(`--${name} must be a whole number`);
  return Number(value);
};

function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: Object.fromEntries(
      ['site', 'aud', 'staff', 'role', 'email', 'name', 'sub', 'kid', 'iat', 'ttl', 'exp', 'jti']
        .map((name) => [name, { type: 'string' }])
        .concat([['tamper', { type: 'boolean' }]]),
    ),
  });
  const [command, file] = positionals;
  if (command === 'keygen') {
    if (!file) fail('name the key file to write');
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    const raw = rawPublicKey(privateKey);
    console.log(JSON.stringify({ key_id: keyId(raw), public_key: raw.toString('base64') }));
    return;
  }
  if (command !== 'mint')
    fail('usage: sso-token.mjs keygen <key.pem> | mint <key.pem> --site --aud --staff [...]');
  const key = loadKey(file);
  for (const name of ['site', 'aud', 'staff']) if (values[name] === undefined) fail(`--${name} is required`);
  const staffId = int(values.staff, 'staff');
  const iat = values.iat !== undefined ? int(values.iat, 'iat') : Math.floor(Date.now() / 1000);
  const exp = values.exp !== undefined ? int(values.exp, 'exp') : iat + int(values.ttl ?? '60', 'ttl');
  const claims = {
    v: 1,
    kid: values.kid ?? keyId(rawPublicKey(key)),
    site: values.site,
    aud: values.aud,
    sub: values.sub ?? `sitefleet-${staffId}`,
    staff: {
      id: staffId,
      email: values.email ?? `staff${staffId}@example.com`,
      name: values.name ?? `Staff ${staffId}`,
      role: values.role ?? 'administrator',
    },
    iat,
    exp,
    jti: values.jti ?? b64url(randomBytes(16)),
  };
  let token = mint(key, claims);
  if (values.tamper) {
    const [, signature] = token.split('.');
    token = `${b64url(JSON.stringify({ ...claims, staff: { ...claims.staff, role: 'administrator', id: staffId + 1 } }))}.${signature}`;
  }
  console.log(token);
}

main(process.argv.slice(2));
