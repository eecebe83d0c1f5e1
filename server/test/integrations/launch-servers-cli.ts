/**
 * The launch wizard's registrar and DNS provider as a process of their own, for `npm start`'s demo without
 * NAMECHEAP_API_USER or CLOUDFLARE_API_TOKEN (scripts/start.mjs, docs/wizard.md): the local servers the tests
 * use, speaking Namecheap's and Cloudflare's documented APIs, so a launch can be walked through offline and
 * nothing is bought. The demo launch bought through Namecheap is in the local account already. Prints one
 * line of JSON, the environment to run the server with, once both listen; stops on SIGTERM or SIGINT.
 */
import { CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_TOKEN, startCloudflareServer } from './cloudflare-server.js';
import {
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_KEY,
  NAMECHEAP_USER,
  startNamecheapServer,
  TEST_CONTACT,
} from './namecheap-server.js';

const namecheap = await startNamecheapServer({ owned: ['vergleich-stromtarife.de'], balance: 5000 });
const cloudflare = await startCloudflareServer();
const env = {
  NAMECHEAP_API_USER: NAMECHEAP_USER,
  NAMECHEAP_API_KEY: NAMECHEAP_KEY,
  NAMECHEAP_USERNAME: NAMECHEAP_USER,
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_API_URL: namecheap.baseUrl,
  NAMECHEAP_CONTACT: JSON.stringify(TEST_CONTACT),
  CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
  CLOUDFLARE_ACCOUNT_ID,
  CLOUDFLARE_API_URL: cloudflare.baseUrl,
};
process.stdout.write(`${JSON.stringify(env)}\n`);
const stop = () => {
  void Promise.all([namecheap.close(), cloudflare.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
