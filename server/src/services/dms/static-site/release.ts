import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readlink, rename, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Redirect } from './crawler.js';

/**
 * Where a link site's static releases live, and the switch between them:
 *
 *   <root>/<hostname>/releases/<release>/public/      the web root (never changed once published)
 *   <root>/<hostname>/releases/<release>/_redirects   the redirect map (`from to status`)
 *   <root>/<hostname>/releases/<release>/redirects.json
 *   <root>/<hostname>/releases/<release>/nginx-redirects.conf   maps for nginx's http {} block
 *   <root>/<hostname>/releases/<release>/release.json  what the release holds and its gate
 *   <root>/<hostname>/current -> releases/<release>   what the web server serves
 *   <root>/<hostname>/staging/<release>/               a build in progress (removed when it fails)
 *
 * Publishing makes a symbolic link beside `current` and renames it over `current`: rename(2) replaces the link
 * in one step, so a request sees the old release or the new one, never neither.
 */

export interface SiteFolders {
  site: string;
  releases: string;
  staging: string;
  current: string;
}

/** A host name safe as a folder name (what URL parsing gives: lower case letters, digits, dots, dashes). */
export function siteFolders(root: string, hostname: string): SiteFolders {
  const host = hostname.toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(host) || host.includes('..'))
    throw new Error(`${hostname} is not a host name a release folder can be named after`);
  const site = path.join(root, host);
  return {
    site,
    releases: path.join(site, 'releases'),
    staging: path.join(site, 'staging'),
    current: path.join(site, 'current'),
  };
}

/** A release's folder name: its UTC time to the second and the run that built it (`20260101T120000Z-r42`). */
export function releaseName(runId: number, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-r${runId}`;
}

export const webRootOf = (releaseDir: string) => path.join(releaseDir, 'public');

/** A fresh, empty staging folder for a build (a leftover of a crashed build of the same name is removed). */
export async function stagingFolder(folders: SiteFolders, release: string): Promise<string> {
  const dir = path.join(folders.staging, release);
  await rm(dir, { recursive: true, force: true });
  await mkdir(webRootOf(dir), { recursive: true });
  return dir;
}

/** Moves a passed build into the releases (same file system: one rename). */
export async function promote(folders: SiteFolders, stagingDir: string, release: string): Promise<string> {
  await mkdir(folders.releases, { recursive: true });
  const dir = path.join(folders.releases, release);
  await rename(stagingDir, dir);
  return dir;
}

export async function discard(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Points `current` at a release in one atomic step; answers how long it took (ms). */
export async function switchCurrent(folders: SiteFolders, release: string): Promise<number> {
  const started = performance.now();
  const target = path.join('releases', release);
  if (!(await stat(path.join(folders.site, target)).catch(() => null))?.isDirectory())
    throw new Error(`release ${release} has no folder under ${folders.releases}`);
  const temp = path.join(folders.site, `.current-${randomBytes(6).toString('hex')}`);
  await symlink(target, temp, 'dir');
  try {
    await rename(temp, folders.current);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
  return performance.now() - started;
}

/** Removes `current`: the web server has no release to serve (the site is back on WordPress). */
export async function clearCurrent(folders: SiteFolders): Promise<number> {
  const started = performance.now();
  await unlink(folders.current).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  return performance.now() - started;
}

/** The release `current` points at, or null. */
export async function currentRelease(folders: SiteFolders): Promise<string | null> {
  const link = await lstat(folders.current).catch(() => null);
  if (!link?.isSymbolicLink()) return null;
  return path.basename(await readlink(folders.current));
}

export async function releaseExists(folders: SiteFolders, release: string): Promise<boolean> {
  return (
    (await stat(webRootOf(path.join(folders.releases, release))).catch(() => null))?.isDirectory() === true
  );
}

/** A name nginx accepts in a variable: the host's letters and digits. */
const varName = (host: string) => `sitefleet_${host.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;

const nginxString = (s: string) => `"${s.replace(/["\\$]/g, (c) => `\\${c}`)}"`;

/** The statuses nginx's `return` is written for (its code must be a constant). */
export const NGINX_REDIRECT_STATUSES = [301, 302, 307, 308] as const;

/**
 * The redirect map in three forms: `_redirects` (one `from to status` per line), `redirects.json`, and nginx
 * `map`s of `$request_uri` (one per status) for the http {} block, plus the server {} lines that use them
 * (docs/static-sites.md). Answers the files' text, so the gate can read them too.
 */
export function redirectFiles(host: string, redirects: readonly Redirect[]): Record<string, string> {
  const sorted = [...redirects].sort((a, b) => a.from.localeCompare(b.from));
  const v = varName(host);
  const maps = NGINX_REDIRECT_STATUSES.map((status) => {
    const lines = sorted
      .filter((r) => (status === 302 ? r.status === 302 || r.status === 303 : r.status === status))
      .map((r) => `  ${nginxString(r.from)} ${nginxString(r.to)};`);
    return [`map $request_uri $${v}_${status} {`, '  default "";', ...lines, '}'].join('\n');
  });
  const server = NGINX_REDIRECT_STATUSES.map(
    (status) => `if ($${v}_${status}) { return ${status} $${v}_${status}; }`,
  );
  return {
    _redirects: sorted.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n') + (sorted.length ? '\n' : ''),
    'redirects.json': `${JSON.stringify(sorted, null, 2)}\n`,
    'nginx-redirects.conf': `# Sitefleet redirect map of ${host}: include in nginx's http {} block.\n${maps.join('\n')}\n`,
    'nginx-redirects-server.conf': `# Sitefleet redirects of ${host}: include in its server {} block.\n${server.join('\n')}\n`,
  };
}

export async function writeReleaseFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
}
