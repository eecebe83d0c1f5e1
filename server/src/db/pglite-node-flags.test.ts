import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_NODE_FLAGS, serverNodeFlags } from './pglite-node-flags.js';

describe('the embedded server’s Node flags', () => {
  it('are given to an embedded server only', () => {
    expect(serverNodeFlags({})).toEqual(EMBEDDED_NODE_FLAGS);
    expect(serverNodeFlags({ DATABASE_URL: '' })).toEqual(EMBEDDED_NODE_FLAGS);
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://db/sitefleet' })).toEqual([]);
  });

  it('are accepted by this Node and take effect', () => {
    // Node refuses to start on an option it does not know, so a flag renamed by a Node upgrade fails here.
    const r = spawnSync(
      process.execPath,
      [
        ...EMBEDDED_NODE_FLAGS,
        '-e',
        "const v8 = require('node:v8'); const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space'); " +
          'for (let i = 0, k = []; i < 2e6; i++) { k.push({ i }); if (k.length > 1e5) k = []; } ' +
          "console.log(JSON.stringify({ newSpace: v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space').space_size, initial: s.space_size }));",
      ],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { newSpace } = JSON.parse(r.stdout) as { newSpace: number };
    // Two semi-spaces of at most 8 MB each, after enough allocation to grow them to their limit.
    expect(newSpace).toBeLessThanOrEqual(16 * 2 ** 20);
  });
});
