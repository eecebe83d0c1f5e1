import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actions, type ActionResponse } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../test/fetchMock';
import { renderInConsole } from '../websites/wordpress/testApp';
import { formatBytes, restartsText, usedOf, formatGb } from './format';
import { serviceRows } from './ServiceStatusTab';
import { ServicesPanel } from './ServicesPanel';

type Services = ActionResponse<typeof actions.hosting.serverServices>['data'];
type Service = Services['services'][number];

const service = (slug: string, realName: string, running: boolean): Service => ({
  slug,
  realName,
  name: slug.toUpperCase(),
  running,
  version: '1.0',
  memory: running ? '54 MB' : 'Service stopped',
  cpu: running ? '0.5%' : 'Service stopped',
  memory_mb: running ? 54 : null,
  cpu_percent: running ? 0.5 : null,
});

const answer = (services: Service[]): { body: { data: Services } } => ({
  body: {
    data: {
      server_id: 7,
      runcloud_server_id: 1903,
      source: 'runcloud',
      read_at: 1_767_225_600,
      message: null,
      services,
    },
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('server services (Details tab)', () => {
  it('hides Restart from a role without the permission', async () => {
    mockFetch(
      onAction(actions.hosting.serverServices, { id: '7' }, () =>
        answer([service('nginx', 'nginx-rc', true)]),
      ),
    );
    renderInConsole(<ServicesPanel serverId={7} serverName="web-01" />, {
      role: 'VIEWER',
      routes: { '/dms/api/v1/servers/:id/services': { GET: true } },
    });
    await screen.findByText('nginx-rc');
    expect(screen.queryByRole('button', { name: /Restart/ })).toBeNull();
  });

  it('restarts a service after confirmation and shows what RunCloud answered', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      ...onAction(actions.hosting.serverServices, { id: '7' }, () =>
        answer([service('memcached', 'memcached', false)]),
      ),
      ...onAction(actions.hosting.restartServerService, { id: '7' }, (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        const after = service('memcached', 'memcached', true);
        return {
          body: {
            data: {
              realName: 'memcached',
              action: 'restart',
              message: 'Service memcached has been restarted.',
              service: after,
              services: answer([after]).body.data,
            },
          },
        };
      }),
    });
    renderInConsole(<ServicesPanel serverId={7} serverName="web-01" />);
    const row = await screen.findByTestId('server-service');
    expect(within(row).getByText('Stopped')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restart memcached' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('RunCloud restarts memcached on web-01');
    expect(bodies).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restart' }));
    const result = await screen.findByTestId('restart-result');
    expect(result.textContent).toContain('Service memcached has been restarted. MEMCACHED is running.');
    expect(bodies).toEqual([{ realName: 'memcached', action: 'restart' }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('server-service')).getByText('Running')).toBeTruthy(),
    );
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      ...onAction(actions.hosting.serverServices, { id: '7' }, () =>
        answer([service('nginx', 'nginx-rc', true)]),
      ),
      ...onAction(actions.hosting.restartServerService, { id: '7' }, () => ({
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            fields: { realName: 'gone' },
          },
        },
      })),
    });
    renderInConsole(<ServicesPanel serverId={7} serverName="web-01" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restart nginx-rc' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restart' }));
    expect((await screen.findByTestId('restart-result')).textContent).toMatch(
      /^nginx-rc was not restarted: /,
    );
  });
});

describe('hosting figures', () => {
  it('writes sizes, shares and restarts', () => {
    expect(formatBytes(134_217_728)).toBe('128 MB');
    expect(formatBytes(null)).toBeNull();
    expect(usedOf(1.2, 3.84, formatGb)).toBe('1.2 GB of 3.84 GB (31%)');
    expect(restartsText({ oom_restarts: 1, hash_restarts: null, manual_restarts: 2 })).toBe('1 / 0 / 2');
  });

  it('lists one row per server and service, the stopped ones alone when asked', () => {
    const server = {
      server_id: 1,
      name: 'web-01',
      runcloud_server_id: 1903,
      online: true,
      read_at: 1,
      last_error: null,
      services: [service('nginx', 'nginx-rc', true), service('memcached', 'memcached', false)],
    };
    const bare = { ...server, server_id: 2, runcloud_server_id: null, services: [] };
    expect(serviceRows([server, bare], false).map((r) => r.key)).toEqual(['1:nginx', '1:memcached', '2']);
    expect(serviceRows([server, bare], true).map((r) => r.key)).toEqual(['1:memcached']);
  });
});
