import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { GroupedPermissions } from '@sitefleet/shared';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { DeindexCheckerPage } from './DeindexCheckerPage';
import { KeywordCheckerPage, NO_PROXY_WARNING } from './KeywordCheckerPage';
import { authAs } from '../../test/auth';

const CHECKERS = {
  '/dms/api/v1/backlinks/deindex-checker': { POST: true },
  '/dms/api/v1/backlinks/keyword-checker': { POST: true },
};

function setup(
  page: React.ReactNode,
  runChecker: (...args: unknown[]) => Promise<number>,
  routes: GroupedPermissions = CHECKERS,
) {
  const dataProvider = { runChecker: vi.fn(runChecker) } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authAs('IT', routes)} i18nProvider={i18nProvider}>
      {page}
    </AdminContext>,
  );
  return dataProvider as unknown as { runChecker: ReturnType<typeof vi.fn> };
}

const box = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLTextAreaElement;

describe('checker form (SPEC §2.5, §7.5, §8)', () => {
  it('counts the domains as typed and sends them with the delimiter by name', async () => {
    const dp = setup(<DeindexCheckerPage />, async () => 8);
    fireEvent.change(box('Domains'), { target: { value: 'a.com\nb.com\n\na.com' } });
    expect(screen.getByTestId('domains-count').textContent).toBe('2 domains');
    fireEvent.click(screen.getByLabelText('Comma'));
    expect(screen.getByTestId('domains-count').textContent).toBe('1 domain');
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(dp.runChecker).toHaveBeenCalledWith('deindex', {
        domains: 'a.com\nb.com\n\na.com',
        domain_delimiter: 'comma',
      }),
    );
  });

  it('does not send an empty list', async () => {
    const dp = setup(<DeindexCheckerPage />, async () => 8);
    fireEvent.change(box('Domains'), { target: { value: ' \n ' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(dp.runChecker).not.toHaveBeenCalled();
  });

  it("stays on the form with the user's input and the server's field error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    setup(<DeindexCheckerPage />, async () => {
      throw new HttpError('Validation failed', 422, { errors: { domains: 'exa mple.com is not a domain' } });
    });
    fireEvent.change(box('Domains'), { target: { value: 'exa mple.com' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('exa mple.com is not a domain')).toBeTruthy();
    expect(screen.queryByTestId('checker-failure')).toBeNull();
    expect(box('Domains').value).toBe('exa mple.com');
  });

  it('shows a failure without field errors above the Run button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(<DeindexCheckerPage />, async () => {
      throw new HttpError('No search-index provider is configured', 422, {});
    });
    fireEvent.change(box('Domains'), { target: { value: 'example.com' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(screen.getByTestId('checker-failure').textContent).toBe(
        'No search-index provider is configured',
      ),
    );
    expect(box('Domains').value).toBe('example.com');
  });

  it('prefills the default keywords, rewrites them for another delimiter and warns about proxies', async () => {
    const dp = setup(<KeywordCheckerPage />, async () => 9);
    expect(screen.getByText(NO_PROXY_WARNING)).toBeTruthy();
    expect(box('Keywords').value.split('\n')).toContain('paid post');
    expect(screen.getByTestId('keywords-count').textContent).toBe('9 keywords');
    fireEvent.click(screen.getAllByLabelText('Semicolon')[0]!);
    await waitFor(() => expect(box('Keywords').value).toMatch(/^sponsored; sponsored post; /));
    expect(screen.getByTestId('keywords-count').textContent).toBe('9 keywords');
    fireEvent.change(box('Pages'), { target: { value: 'http://127.0.0.1:1/a' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    await waitFor(() => expect(dp.runChecker).toHaveBeenCalled());
    expect(dp.runChecker.mock.calls[0]![1]).toMatchObject({
      keyword_delimiter: 'semicolon',
      pages: 'http://127.0.0.1:1/a',
      page_delimiter: 'newline',
    });
  });

  it('offers no Run to a user without the checker permission (an action, not a read)', async () => {
    setup(<DeindexCheckerPage />, async () => 8, {});
    expect(await screen.findByText(/You may not run this checker/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
  });
});
