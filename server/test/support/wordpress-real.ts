import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A real local WordPress site brought up by scripts/wordpress/up.sh. */
export interface RealSite {
  name: string;
  url: string;
  user: string;
  app_password: string;
  companion: boolean;
  admin_password: string;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const WP_STATE = process.env.WP_STATE || '/tmp/sitefleet-wp';

/**
 * Whether real WordPress can run here: as root (packages, MariaDB) with Debian's package manager. CI always
 * runs the real tests (`.ci/run` installs what is missing); elsewhere they need the same.
 */
export const realWordPressAvailable =
  process.env.CI === 'true' ||
  (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && existsSync('/usr/bin/mariadb'));

/**
 * Brings the sites up (reusing healthy ones, putting back what tests change) and answers them; up.sh's own
 * output is shown when it fails.
 */
export function bringUpWordPress(env: Record<string, string> = {}): RealSite[] {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts', 'wordpress', 'up.sh')], {
    env: { ...process.env, WP_STATE, ...env },
    encoding: 'utf8',
    timeout: 15 * 60_000,
  });
  if (r.status !== 0) {
    throw new Error(`scripts/wordpress/up.sh failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  return JSON.parse(readFileSync(path.join(WP_STATE, 'sites.json'), 'utf8')) as RealSite[];
}
