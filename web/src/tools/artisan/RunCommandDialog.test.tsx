import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ArtisanCommand } from '@sitefleet/shared';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { RunCommandDialog } from './RunCommandDialog';

const command: ArtisanCommand = {
  command: 'cron:prune',
  description: 'Delete old runs',
  arguments: [
    { name: 'days', label: 'Days to keep', kind: 'integer', default: 90, min: 1 },
    { name: 'note', label: 'Note', kind: 'string', required: true },
    { name: 'dry_run', label: 'Dry run', kind: 'boolean' },
    { name: 'mode', label: 'Mode', kind: 'enum', values: ['fast', 'full'] },
  ],
  schedule: '15 4 * * *',
  next_run: null,
  last_run: null,
};

function setup(runCommand: (...args: unknown[]) => Promise<number>) {
  const run = vi.fn(runCommand);
  render(
    <AdminContext dataProvider={{ runCommand: run } as unknown as DataProvider} i18nProvider={i18nProvider}>
      <RunCommandDialog service="dms" command={command} onClose={vi.fn()} />
    </AdminContext>,
  );
  return run;
}

describe('run command dialog (SPEC §7.4)', () => {
  it('renders an input per argument kind, requires the required ones and sends the arguments', async () => {
    const run = setup(async () => 41);
    expect(screen.getByRole('dialog', { name: 'Run cron:prune' })).toBeTruthy();
    expect((screen.getByLabelText('Days to keep') as HTMLInputElement).value).toBe('90');
    expect(screen.getByLabelText('Dry run')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Mode' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'e2e' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith('dms', 'cron:prune', { days: 90, note: 'e2e', dry_run: false }),
    );
  });

  it("shows the server's argument errors on their inputs", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    setup(async () => {
      throw new HttpError('Validation failed', 422, { errors: { 'arguments.note': 'Note is too vague' } });
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Note is too vague')).toBeTruthy();
  });
});
