// Test-only: the console around a WordPress screen, over the real data provider and a mocked fetch.
import type { GroupedPermissions } from '@sitefleet/shared';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { dataProvider } from '../../../providers/dataProvider';
import { i18nProvider } from '../../../providers/i18n';
import { authAs } from '../../../test/auth';

// A screen's first render loads its code and reads its data; on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 8000 });

const Location = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
};

/** Renders `children` signed in with one role (ADMIN may do anything) at `path`, showing the location. */
export function renderInConsole(
  children: ReactNode,
  opts: { resource?: string; role?: string; routes?: GroupedPermissions; path?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[opts.path ?? '/']}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authAs(opts.role ?? 'ADMIN', opts.routes ?? {})}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value={opts.resource ?? ''}>{children}</ResourceContextProvider>
        <Notification />
        <Location />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** A list answer of the generic resource endpoints. */
export const listOf = (rows: readonly Record<string, unknown>[]) => ({
  body: { data: rows, meta: { total: rows.length } },
});

/** The JSON filter a list request sent. */
export const filterOf = (url: URL): Record<string, unknown> =>
  JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
