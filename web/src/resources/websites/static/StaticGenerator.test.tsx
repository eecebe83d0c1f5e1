import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../../test/fetchMock';
import { renderInConsole } from '../wordpress/testApp';
import { StaticGeneratorButton } from './StaticGeneratorButton';
import {
  formatBytes,
  offeredOperations,
  progressPercent,
  progressText,
  type StaticStatus,
} from './staticFormat';

const STATUS: StaticStatus = {
  id: 5,
  hostname: 'links.example.com',
  static_state: 'wordpress',
  runcloud_alias_id: null,
  current_release: null,
  releases: 0,
  last_publish_at: null,
  gate: null,
  gate_result: null,
  origin_url: 'https://wp.links.example.com/',
  running_run_id: null,
  progress: null,
};
const progress = (phase: 'crawling' | 'done', pages: number) => ({
  phase,
  pages,
  files: pages * 3,
  queued: 12,
  redirects: 2,
  errors: 0,
  message: '',
  at: 1_800_000_000,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('static generator helpers', () => {
  it('offers Convert without an alias, Publish and Rollback with one or once static', () => {
    expect(offeredOperations({ static_state: 'wordpress', runcloud_alias_id: null })).toEqual(['convert']);
    expect(offeredOperations({ static_state: 'wordpress', runcloud_alias_id: 912 })).toEqual(['publish']);
    expect(offeredOperations({ static_state: 'static', runcloud_alias_id: 912 })).toEqual([
      'publish',
      'rollback',
    ]);
    expect(offeredOperations({ static_state: 'static', runcloud_alias_id: null })).toEqual([
      'publish',
      'rollback',
    ]);
  });

  it('says where a run is and how far', () => {
    expect(progressText(null)).toBe('Waiting for a worker…');
    expect(progressText(progress('crawling', 40))).toBe(
      'Crawling WordPress: 40 pages, 120 files written, 12 waiting',
    );
    expect(progressPercent(progress('crawling', 0), false)).toBe(20);
    expect(progressPercent(null, true)).toBe(100);
    expect(formatBytes(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(null)).toBeNull();
  });
});

describe("the website show page's static generator (SPEC §4)", () => {
  it('is not offered for websites other than LINK ones', async () => {
    const calls = mockFetch({});
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'MONEY' }}>
        <StaticGeneratorButton />
      </RecordContextProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Static generator' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('converts with the WordPress address given and follows the run in a blocking dialog to its outcome', async () => {
    let polls = 0;
    let asked: string | null = null;
    const calls = mockFetch({
      [`GET /${resources.staticSites.path}/5`]: () => ({
        body: { data: { ...STATUS, progress: polls > 1 ? progress('done', 48) : progress('crawling', 12) } },
      }),
      ...onAction(actions.staticSite.convertToStatic, { id: '5' }, (_init, url) => {
        asked = url.searchParams.get('origin');
        return {
          body: { success: true, message: 'Convert to static started', cron: { id: 77 }, cron_id: 77 },
        };
      }),
      [`GET /${resources.cronJobs.dms.path}/77`]: () => {
        polls += 1;
        const done = polls > 2;
        return {
          body: {
            data: {
              id: 77,
              remaining_jobs: done ? 0 : 1,
              success_count: done ? 1 : 0,
              failed_count: 0,
              job_output: done
                ? [
                    {
                      output: {
                        message: 'links.example.com: release 20260101T000000Z-r77 published',
                        release: '20260101T000000Z-r77',
                        pages: 48,
                        bytes: 2_400_000,
                      },
                    },
                  ]
                : [],
              failed_job_output: [],
            },
          },
        };
      },
    });
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'LINK' }}>
        <StaticGeneratorButton />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Static generator' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Convert to static']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Convert to static' }));
    const confirm = await screen.findByRole('dialog', { name: 'Convert to static' });
    const origin = within(confirm).getByLabelText('WordPress address (crawled)');
    expect((origin as HTMLInputElement).value).toBe('https://wp.links.example.com/');
    fireEvent.change(origin, { target: { value: 'http://10.0.0.9/' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Convert' }));

    const dialog = await screen.findByRole('dialog', { name: 'Convert to static: links.example.com' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    await waitFor(
      () => expect(within(dialog).getByTestId('static-outcome').textContent).toContain('published'),
      {
        timeout: 8000,
      },
    );
    expect(within(dialog).getByText(/48 pages, 2\.3 MB/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', false);
    const convert = calls.find((c) => c.path === '/dms/api/v1/websites/convert-to-static/5')!;
    expect(convert.method).toBe('GET');
    expect(asked).toBe('http://10.0.0.9/');
    expect(calls.some((c) => c.path === `/${resources.cronJobs.dms.path}/77`)).toBe(true);
  }, 20_000);

  it("shows the gate's reasons when a publish is stopped", async () => {
    mockFetch({
      [`GET /${resources.staticSites.path}/5`]: () => ({
        body: {
          data: {
            ...STATUS,
            static_state: 'static',
            runcloud_alias_id: 912,
            releases: 2,
            current_release: 'r1',
          },
        },
      }),
      ...onAction(actions.staticSite.publishStatic, { id: '5' }, () => ({
        body: { success: true, message: 'started', cron: { id: 78 }, cron_id: 78 },
      })),
      [`GET /${resources.cronJobs.dms.path}/78`]: () => ({
        body: {
          data: {
            id: 78,
            remaining_jobs: 0,
            success_count: 0,
            failed_count: 1,
            job_output: [],
            failed_job_output: [
              {
                output: {
                  message: 'links.example.com: gate failed, nothing published',
                  gate_reasons: [
                    'Bought links kept (target, anchor, rel): 1 bought link of 2 not kept as bought',
                  ],
                },
              },
            ],
          },
        },
      }),
    });
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'LINK' }}>
        <StaticGeneratorButton />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Static generator' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Publish static changes',
      'Rollback (to the previous release)',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Publish static changes' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    const reasons = await screen.findByTestId('static-gate-reasons');
    expect(reasons.textContent).toContain('1 bought link of 2 not kept as bought');
    expect(screen.getByTestId('static-outcome').textContent).toContain('gate failed');
  });

  it('shows why the server refused, in the confirmation', async () => {
    mockFetch({
      [`GET /${resources.staticSites.path}/5`]: () => ({ body: { data: STATUS } }),
      ...onAction(actions.staticSite.convertToStatic, { id: '5' }, () => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'links.example.com: another static operation (run #9) is still working on it',
          },
        },
      })),
    });
    renderInConsole(
      <RecordContextProvider value={{ id: 5, type: 'LINK' }}>
        <StaticGeneratorButton />
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Static generator' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Convert to static' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Convert' }));
    expect((await screen.findByTestId('static-refused')).textContent).toContain('run #9');
  });
});
