import { CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_TOKEN, startCloudflareServer } from './cloudflare-server.js';
import {
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_KEY,
  NAMECHEAP_USER,
  startNamecheapServer,
  TEST_CONTACT,
} from './namecheap-server.js';

/**
 * The launch wizard's registrar and DNS provider as local servers of Namecheap's and Cloudflare's documented
 * APIs (docs/wizard.md), with the environment that points Sitefleet at them: `npm start`'s demo and the e2e
 * run. The demo launch bought through Namecheap is in the local account already.
 */
export async function startLaunchServers() {
  const namecheap = await startNamecheapServer({ owned: ['vergleich-stromtarife.de'], balance: 5000 });
  const cloudflare = await startCloudflareServer();
  return {
    namecheap,
    cloudflare,
    env: {
      NAMECHEAP_API_USER: NAMECHEAP_USER,
      NAMECHEAP_API_KEY: NAMECHEAP_KEY,
      NAMECHEAP_USERNAME: NAMECHEAP_USER,
      NAMECHEAP_CLIENT_IP,
      NAMECHEAP_API_URL: namecheap.baseUrl,
      NAMECHEAP_CONTACT: JSON.stringify(TEST_CONTACT),
      CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
      CLOUDFLARE_ACCOUNT_ID,
      CLOUDFLARE_API_URL: cloudflare.baseUrl,
    },
    close: () => Promise.all([namecheap.close(), cloudflare.close()]).then(() => undefined),
  };
}
