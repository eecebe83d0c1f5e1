import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MonitorStatus } from './MonitorStatus';
import { monitorIndicator, monitorsBySite, worstMonitor } from './status';

const draw = (status: unknown, paused?: boolean, to?: string) =>
  render(
    <MemoryRouter>
      <MonitorStatus status={status} paused={paused} to={to} />
    </MemoryRouter>,
  );

describe('monitoring indicator (SPEC §4)', () => {
  it('maps up to green Up, down to red Down and anything else to grey Not added yet', () => {
    expect(monitorIndicator('up')).toEqual({ label: 'Up', color: 'success' });
    expect(monitorIndicator('down')).toEqual({ label: 'Down', color: 'error' });
    for (const other of ['pending', null, undefined, 'paused', ''])
      expect(monitorIndicator(other)).toEqual({ label: 'Not added yet', color: 'default' });
  });

  it('draws the chip in its colour and adds Paused only when paused', () => {
    draw('down');
    const status = screen.getByTestId('monitor-status');
    expect(status.textContent).toBe('Down');
    expect(status.querySelector('.MuiChip-colorError')).toBeTruthy();
    expect(within(status).queryByText('Paused')).toBeNull();
  });

  it('shows Paused next to the status of a paused monitor', () => {
    draw('up', true);
    const status = screen.getByTestId('monitor-status');
    expect(within(status).getByText('Up').closest('.MuiChip-root')?.className).toContain(
      'MuiChip-colorSuccess',
    );
    expect(within(status).getByText('Paused')).toBeTruthy();
  });

  it('is grey for a monitor not checked yet, and can link to its page', () => {
    draw('pending', false, '/umms/api/v1/monitors/4/show');
    const link = screen.getByRole('link', { name: 'Not added yet' });
    expect(link.getAttribute('href')).toBe('/umms/api/v1/monitors/4/show');
    expect(link.className).toContain('MuiChip-colorDefault');
  });
});

describe("a site's monitors", () => {
  it('speak through the worst of them: down, then up, then pending', () => {
    const m = (id: number, status: string, website_id: number | null = 1) => ({ id, status, website_id });
    expect(worstMonitor([m(1, 'pending'), m(2, 'up'), m(3, 'down'), m(4, 'up')])?.id).toBe(3);
    expect(worstMonitor([m(1, 'pending'), m(2, 'up')])?.id).toBe(2);
    expect(worstMonitor([m(1, 'pending')])?.id).toBe(1);
    expect(worstMonitor([])).toBeUndefined();

    const bySite = monitorsBySite([
      m(1, 'up', 7),
      m(2, 'down', 7),
      m(3, 'pending', 8),
      m(2, 'down', 7),
      m(9, 'up', null),
    ]);
    expect(bySite.get('7')).toEqual({ shown: m(2, 'down', 7), count: 2 });
    expect(bySite.get('8')?.count).toBe(1);
    expect([...bySite.keys()]).toEqual(['7', '8']);
  });
});
