import { fireEvent, screen, waitFor } from '@testing-library/react';
import { actions, resources } from '@sitefleet/shared';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../test/fetchMock';
import { renderInConsole } from '../websites/wordpress/testApp';
import { RegenerateButton } from './RegenerateButton';

const PATH = resources.openAiContent.path;
const spec = actions.content.regenerateContent;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderButton() {
  return renderInConsole(
    <RecordContextProvider value={{ id: 5, topic: 'Free spins', status: 'ready' }}>
      <RegenerateButton />
    </RecordContextProvider>,
    { resource: PATH, path: `/${PATH}/5/show` },
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('Regenerate (SPEC §4, §7.5, §8)', () => {
  it("shows 'Response: {message}' and returns after 3 seconds", async () => {
    const calls = mockFetch(
      onAction(spec, { id: '5' }, () => ({
        body: { message: 'Regenerating "Free spins": cron run #9 is writing it', cron_id: 9 },
      })),
    );
    // Page time is moved by the test (it also flows, for the requests and renders).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByText('Response: Regenerating "Free spins": cron run #9 is writing it'),
    ).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`GET /${PATH}/regenerate/5`);
    expect(location()).toBe(`/${PATH}/5/show`);
    await vi.advanceTimersByTimeAsync(2900);
    expect(location()).toBe(`/${PATH}/5/show`);
    await vi.advanceTimersByTimeAsync(200);
    // Opened directly (no previous screen in the console): back is the list.
    await waitFor(() => expect(location()).toBe(`/${PATH}`));
  });

  it("shows 'Error: {message}' and stays", async () => {
    mockFetch(
      onAction(spec, { id: '5' }, () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'This article is being written now' } },
      })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Error: This article is being written now')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(location()).toBe(`/${PATH}/5/show`);
  });

  it('is not offered without the permission to regenerate', async () => {
    renderInConsole(
      <RecordContextProvider value={{ id: 5 }}>
        <RegenerateButton />
        <span>shown</span>
      </RecordContextProvider>,
      { resource: PATH, role: 'VIEWER', routes: { [`/${PATH}/:id`]: { GET: true } } },
    );
    await screen.findByText('shown');
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });
});
