import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOpcache } from '../src/integrations/wordpress/index.js';

const ROUTE = path.resolve(import.meta.dirname, '../../wordpress/companion/sitefleet-companion/opcache.php');
/** PHP with the Zend OPcache extension (php-opcache, loaded by default with Debian's PHP). */
const opcacheLoaded =
  spawnSync('php', ['-m'], { encoding: 'utf8' }).stdout?.includes('Zend OPcache') === true;

/** The companion's route run by this machine's PHP (WordPress's one helper it calls stubbed), as JSON. */
function route(flags: string[]): unknown {
  const code = [
    "define('ABSPATH', '/');",
    'function rest_ensure_response($value) { return $value; }',
    `require ${JSON.stringify(ROUTE)};`,
    'echo json_encode(Sitefleet_Companion_Opcache::route_opcache());',
  ].join('\n');
  const r = spawnSync('php', [...flags, '-r', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`php failed: ${r.stderr}${r.stdout}`);
  return JSON.parse(r.stdout);
}

/** GET sitefleet/v1/opcache on real PHP: what opcache_get_status and _configuration give, read by the client. */
describe.skipIf(!opcacheLoaded)("the companion's OpCache route on this machine's PHP", () => {
  it('reads memory, hits and the directives when OpCache caches for the SAPI', () => {
    const o = parseOpcache(route(['-d', 'opcache.enable_cli=1', '-d', 'opcache.memory_consumption=64']));
    expect(o).toMatchObject({
      enabled: true,
      reason: null,
      sapi: 'cli',
      memoryConsumption: 64 * 1024 * 1024,
    });
    expect(o.php).toMatch(/^\d+\.\d+\.\d+/);
    expect(o.memoryUsed).toBeGreaterThan(0);
    expect(o.memoryUsed! + o.memoryFree! + o.memoryWasted!).toBe(o.memoryConsumption);
    expect(o.hitRate).toBeGreaterThanOrEqual(0);
    expect(o.hitRate).toBeLessThanOrEqual(100);
    expect(o.cachedScripts).toBeGreaterThanOrEqual(0);
    expect([o.oomRestarts, o.hashRestarts, o.manualRestarts]).toEqual([0, 0, 0]);
    expect(o.startTime).toBeGreaterThan(1_600_000_000);
    expect(o.validateTimestamps).not.toBeNull();
  });

  it('says OpCache is off for the SAPI, with the directives', () => {
    const o = parseOpcache(route(['-d', 'opcache.enable_cli=0']));
    expect(o).toMatchObject({ available: true, enabled: false, reason: 'OpCache is not enabled for cli' });
    expect(o.memoryUsed).toBeNull();
    expect(o.maxAcceleratedFiles).toBeGreaterThan(0);
  });

  it('says when opcache_get_status is disabled', () => {
    const o = parseOpcache(route(['-d', 'disable_functions=opcache_get_status']));
    expect(o).toMatchObject({ available: false, enabled: false });
    expect(o.reason).toBe('opcache_get_status is disabled (disable_functions)');
  });
});
