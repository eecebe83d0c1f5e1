/**
 * The launch wizard's local registrar and DNS provider (./launch-servers.ts) as a process of their own, for
 * `npm start`'s demo without NAMECHEAP_API_USER or CLOUDFLARE_API_TOKEN (scripts/start.mjs, docs/wizard.md):
 * a launch can be walked through offline, and nothing is bought. Prints one line of JSON, the environment to
 * run the server with, once both listen; stops on SIGTERM or SIGINT.
 */
import { startLaunchServers } from './launch-servers.js';

const launch = await startLaunchServers();
process.stdout.write(`${JSON.stringify(launch.env)}\n`);
const stop = () => {
  void launch.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
