import { actions, type ImportRowResult } from '@sitefleet/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, useCanAccess, type AuthProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18n';
import { authAs } from '../../test/auth';
import { mockFetch, onAction } from '../../test/fetchMock';
import { ImportButton } from './ImportButton';

const ACTION = actions.imports.externalBacklinks;
const LINKS = ACTION.import.resource.path;
const FILE = [
  'Backlink,Target URL,Website,Currency,Price',
  'https://blog.example/one/,https://guide.example/,guide.example,EUR,250',
  'https://blog.example/two/,https://guide.example/,guide.example,XYZ,90',
  ',https://guide.example/,,,',
].join('\n');

const row = (index: number, more: Partial<ImportRowResult> = {}): ImportRowResult => ({
  index,
  status: 'created',
  id: null,
  duplicate_of: null,
  message: null,
  fields: {},
  ...more,
});

/** Says when the user's rights on the ledger are known (the same check the button waits for). */
const Known = () => {
  const { isPending } = useCanAccess({ resource: LINKS, action: 'list' });
  return isPending ? null : <span>rights known</span>;
};

/** The ledger's Import over a stand-in server that checks the second row's currency. */
function setup(auth: AuthProvider) {
  const sent: Array<{ dry_run?: boolean; rows: unknown[] }> = [];
  mockFetch(
    onAction(ACTION, null, (init) => {
      const body = JSON.parse(String(init?.body)) as { dry_run?: boolean; rows: unknown[] };
      sent.push(body);
      const dry = body.dry_run === true;
      const results = dry
        ? [row(0), row(1, { status: 'error', fields: { currency: 'Unknown currency: XYZ' } })]
        : [row(0, { id: 41 })];
      const count = (s: string) => results.filter((r) => r.status === s).length;
      return {
        body: {
          data: { dry_run: dry, created: count('created'), existing: 0, errors: count('error'), results },
        },
      };
    }),
  );
  render(
    <AdminContext dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={LINKS}>
        <ImportButton action={ACTION} />
        <Known />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the import dialog', () => {
  it('previews each row with its field errors, then imports the valid ones', async () => {
    const sent = setup(authAs('ADMIN', {}));
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import external backlinks' });
    fireEvent.change(within(dialog).getByLabelText('CSV'), { target: { value: FILE } });

    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('import-status')
          .map((c) => c.textContent),
      ).toEqual(['Ready', 'Not valid', 'Not valid']),
    );
    expect(
      within(dialog)
        .getAllByTestId('import-message')
        .map((c) => c.textContent),
    ).toEqual(['', 'Currency: Unknown currency: XYZ', 'Backlink: Required']);
    expect(within(dialog).getAllByTestId('import-cell-currency')[1]!.getAttribute('title')).toBe(
      'Unknown currency: XYZ',
    );
    // Only the rows the browser could not fault went to the dry run.
    expect(sent).toEqual([
      {
        dry_run: true,
        rows: [
          {
            backlink: 'https://blog.example/one/',
            url: 'https://guide.example/',
            website: 'guide.example',
            currency: 'EUR',
            price: '250',
          },
          {
            backlink: 'https://blog.example/two/',
            url: 'https://guide.example/',
            website: 'guide.example',
            currency: 'XYZ',
            price: '90',
          },
        ],
      },
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 backlink' }));
    expect((await within(dialog).findByTestId('import-summary')).textContent).toBe(
      '1 new, 0 already in the ledger, 2 not valid, 0 errors',
    );
    expect(sent[1]).toEqual({ rows: [sent[0]!.rows[0]] });
    expect(
      within(dialog)
        .getAllByTestId('import-status')
        .map((c) => c.textContent),
    ).toEqual(['Imported', 'Not valid', 'Not valid']);
  });

  it('says what is wrong with a file as a whole and offers no import', async () => {
    setup(authAs('ADMIN', {}));
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import external backlinks' });
    fireEvent.change(within(dialog).getByLabelText('CSV'), { target: { value: 'Backlink,End date\nx,y\n' } });
    expect(await within(dialog).findByText('The file has no Target URL column (required)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 0 backlinks' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('is not offered without the permission to create backlinks', async () => {
    setup(authAs('VIEWER', { [`/${LINKS}`]: { GET: true } }));
    await screen.findByText('rights known');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
