import { actions } from '@sitefleet/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { CronRunPage } from '../pages/CronRunPage';
import { adminApi, type Api } from '../support/api';
import { browserSuite } from '../support/fixture';

interface Graph {
  data: {
    nodes: Array<{ id: number; hostname: string; score: number }>;
    edges: Array<{ a: number; b: number }>;
  };
}
interface SiteReasons {
  data: { reasons: Array<{ label: string; sites: Array<{ id: number; hostname: string }> }> };
}

describe('footprint graph on the demo network (issue 18)', () => {
  const t = browserSuite({ signedIn: true });
  let api: Api;

  beforeAll(async () => {
    api = await adminApi();
  });

  it('draws the network, explains the riskiest site and what links it to another', async () => {
    const graph = await api.get<Graph>(`${actions.footprint.footprintGraph.path}?min_strength=0.6`);
    expect(graph.data.nodes.length).toBeGreaterThan(20);
    const top = graph.data.nodes[0]!;
    expect(top.score).toBeGreaterThan(0);

    await t.page.goto('./#/footprint');
    const canvas = t.page.getByTestId('footprint-graph');
    await expect.poll(() => canvas.getAttribute('data-nodes')).toBe(String(graph.data.nodes.length));
    expect(await canvas.getAttribute('data-edges')).toBe(String(graph.data.edges.length));
    // cytoscape draws on its own canvases inside the container.
    await canvas.locator('canvas').first().waitFor();
    await expect
      .poll(() => t.page.getByTestId('footprint-summary').innerText())
      .toContain(`${graph.data.nodes.length} sites, ${graph.data.edges.length} ties shown`);

    const rows = t.page.getByTestId('footprint-row');
    expect(await rows.first().innerText()).toContain(top.hostname);
    expect(await rows.first().getByTestId('footprint-score').innerText()).toContain(String(top.score));
    await rows.first().click();

    const site = await api.get<SiteReasons>(
      actions.footprint.footprintOfSite.path.replace(':id', String(top.id)),
    );
    const panel = t.page.getByTestId('footprint-site');
    await expect.poll(() => panel.getByTestId('footprint-reason').count()).toBe(site.data.reasons.length);
    const first = site.data.reasons[0]!;
    expect(await panel.getByTestId('footprint-reason').first().innerText()).toContain(first.label);

    const other = first.sites[0]!;
    await panel.getByTestId('footprint-reason').first().getByText(other.hostname, { exact: true }).click();
    const pair = t.page.getByTestId('footprint-pair');
    await expect
      .poll(() => pair.getByRole('heading').innerText())
      .toMatch(
        new RegExp(
          `What links (${top.hostname} and ${other.hostname}|${other.hostname} and ${top.hostname})`,
        ),
      );
    expect(await pair.getByTestId('footprint-tie').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(first.label)]),
    );
    expect(t.errors).toEqual([]);
  });

  it('recomputes from the screen and follows the run to its end', async () => {
    await t.page.goto('./#/footprint');
    await t.page.getByRole('button', { name: 'Recompute' }).click();
    const run = new CronRunPage(t.page);
    await run.waitForRun();
    await run.waitUntilDone(60_000);
    expect(await run.outputs('Failure output')).toEqual([]);
    const [out] = await run.outputs('Success output');
    expect(out?.key).toBe('network footprint');
  });
});
