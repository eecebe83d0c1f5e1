/**
 * The WordPress-shaped link site of the static-export bench (server/bench/static-export.ts), served from a child
 * process of its own, as the site's server would from its own machine: `startFakeSite` (server/test/support) with
 * the number of posts the bench asks for in argv[2]. It announces `{ origin }` when listening and exits when the
 * bench says close or goes away.
 */
import { startFakeSite } from '../test/support/static-site-fake.js';
import { helperInput, isPagesHelper, serveUntilClosed } from './support/local-pages.js';

async function main(): Promise<void> {
  const { posts } = helperInput<{ posts: number }>();
  const site = await startFakeSite({ posts });
  serveUntilClosed({ origin: site.origin }, () => site.close());
}

if (isPagesHelper() && process.argv[1]?.endsWith('static-export-site.ts')) await main();
