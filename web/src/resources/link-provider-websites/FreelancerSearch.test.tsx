import { fireEvent, screen } from '@testing-library/react';
import { actions } from '@sitefleet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, onAction } from '../../test/fetchMock';
import { renderInConsole } from '../websites/wordpress/testApp';
import { FreelancerSearchDialog } from './FreelancerSearch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const search = (host: string) => {
  fireEvent.change(screen.getByLabelText('Host name'), { target: { value: host } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

describe('Freelancer search', () => {
  it('sends the host and shows the offers and what we already bought there', async () => {
    const asked: Array<string | null> = [];
    mockFetch(
      onAction(actions.providers.freelancerSearch, null, (_, url) => {
        asked.push(url.searchParams.get('hostname'));
        return {
          body: {
            data: {
              hostname: 'casino-weekly.example',
              offers: [
                {
                  id: 3,
                  url: 'https://casino-weekly.example',
                  agency: 'Outreachly',
                  price: 170,
                  currency: 'GBP',
                  price_in_euro: 200,
                  updated_at: 1_790_000_000,
                },
              ],
              bought: {
                count: 2,
                last_price: 210,
                last_currency: 'EUR',
                last_bought_at: 1_790_000_000,
                contacts: [{ name: 'Lena Fischer', email: 'lena@example.com' }],
              },
            },
          },
        };
      }),
    );
    renderInConsole(<FreelancerSearchDialog onClose={() => undefined} />);
    search(' www.casino-weekly.example ');
    expect(await screen.findByText('Outreachly')).toBeTruthy();
    expect(screen.getByText('170 GBP')).toBeTruthy();
    expect(screen.getByText('200 EUR')).toBeTruthy();
    expect(screen.getByTestId('freelancer-bought').textContent).toContain('2 links; the last for 210 EUR');
    expect(screen.getByText('Lena Fischer · lena@example.com')).toBeTruthy();
    expect(asked).toEqual(['www.casino-weekly.example']);
  });

  it("says when nobody sells there and shows the server's refusal", async () => {
    let refuse = false;
    mockFetch(
      onAction(actions.providers.freelancerSearch, null, () =>
        refuse
          ? {
              status: 422,
              body: {
                error: {
                  code: 'validation',
                  message: 'Some fields are not valid',
                  fields: { hostname: 'Enter a host name such as example.com' },
                },
              },
            }
          : {
              body: {
                data: {
                  hostname: 'quiet.example',
                  offers: [],
                  bought: {
                    count: 0,
                    last_price: null,
                    last_currency: null,
                    last_bought_at: null,
                    contacts: [],
                  },
                },
              },
            },
      ),
    );
    renderInConsole(<FreelancerSearchDialog onClose={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    search('quiet.example');
    expect(await screen.findByText('No provider sells links on quiet.example.')).toBeTruthy();
    expect(screen.getByText('No link bought there yet.')).toBeTruthy();
    refuse = true;
    search('not a host');
    expect(await screen.findByText(/host name such as example.com|not valid/)).toBeTruthy();
  });
});
