import { fireEvent, screen, waitFor } from '@testing-library/react';
import { actions } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../../test/fetchMock';
import { GENERATOR_LABEL, GeneratorEntry } from './GeneratorEntry';
import { generatorVersionError } from './siteActions';
import { renderInConsole } from './testApp';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the fake generator's 'Version (WordPress X.X.X)' entry (SPEC §5)", () => {
  it('accepts digits and dots only, and empty (which removes the override)', () => {
    for (const ok of ['6.4', '5.9.3', '10.0.12', '', '  ']) expect(generatorVersionError(ok)).toBeUndefined();
    for (const bad of ['6.4<script>', '6', '6.4.2.1', 'v6.4', '6..4', '6.4-beta', '123.1'])
      expect(generatorVersionError(bad)).toBeDefined();
  });

  it('refuses a bad version on the input without calling the server', () => {
    const calls = mockFetch({});
    renderInConsole(<GeneratorEntry websiteId={5} current="6.1.1" />);
    const input = screen.getByLabelText(GENERATOR_LABEL);
    fireEvent.change(input, { target: { value: '6.4<script>' } });
    expect(screen.getByText('Digits and dots only, like 6.4 or 5.9.3')).toBeTruthy();
    const set = screen.getByRole('button', { name: 'Set version' }) as HTMLButtonElement;
    expect(set.disabled).toBe(true);
    fireEvent.click(set);
    expect(calls).toHaveLength(0);
  });

  it('sends the version and shows the text lines the server answers', async () => {
    const versions: Array<string | null> = [];
    mockFetch(
      onAction(actions.wordpress.updateGenerator, { id: '5' }, (_, url) => {
        versions.push(url.searchParams.get('version'));
        return { body: 'Generator set to 5.9.3\nThe real version stays 6.1.1\n' };
      }),
    );
    renderInConsole(<GeneratorEntry websiteId={5} current={null} />);
    fireEvent.change(screen.getByLabelText(GENERATOR_LABEL), { target: { value: ' 5.9.3 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set version' }));
    const answer = await screen.findByTestId('generator-answer');
    expect([...answer.querySelectorAll('div > div')].map((d) => d.textContent)).toContain(
      'The real version stays 6.1.1',
    );
    expect(answer.textContent).toContain('Generator set to 5.9.3');
    expect(versions).toEqual(['5.9.3']);
  });

  it("shows the server's refusal", async () => {
    mockFetch(
      onAction(actions.wordpress.updateGenerator, { id: '5' }, () => ({
        status: 503,
        body: { error: { code: 'unavailable', message: 'The companion is not installed on this site' } },
      })),
    );
    renderInConsole(<GeneratorEntry websiteId={5} current="6.1.1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Set version' }));
    await waitFor(() =>
      expect(screen.getByTestId('generator-answer').textContent).toBe(
        'Error: The companion is not installed on this site',
      ),
    );
  });
});
