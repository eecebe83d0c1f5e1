import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { resources } from '@sitefleet/shared';
import {
  AdminContext,
  HttpError,
  Notification,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18n';
import { createScreen } from '../../common/screens/forms';
import { MonitorInputs } from './MonitorInputs';

const MonitorCreate = createScreen(MonitorInputs, { createTitle: 'Create monitor' });

const MONITORS = resources.monitors.path;

function setup(create: (resource: string, params: { data: Record<string, unknown> }) => Promise<unknown>) {
  const dataProvider = {
    create: vi.fn(create),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getMany: vi.fn(async () => ({ data: [] })),
    getOne: vi.fn(async () => ({ data: { id: 5 } })),
  };
  render(
    <AdminContext dataProvider={dataProvider as unknown as DataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={MONITORS}>
        <MonitorCreate />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
  return dataProvider;
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const combo = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const helper = (input: HTMLElement) =>
  input.closest('.MuiFormControl-root')!.querySelector('.MuiFormHelperText-root');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const ok = async () => ({ data: { id: 5 } });

describe('monitor form (SPEC §5)', () => {
  it('creates an http monitor with the default schedule and the recipients as lists', async () => {
    const dp = setup(ok);
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL or IP' }), {
      target: { value: 'https://example.com/' },
    });
    expect(screen.queryByRole('textbox', { name: 'Keyword' })).toBeNull();
    const emails = combo('Alert e-mails');
    fireEvent.change(emails, { target: { value: 'Ops@Example.com' } });
    fireEvent.keyDown(emails, { key: 'Enter' });
    fireEvent.change(emails, { target: { value: 'noc@example.org,' } });
    const phones = combo('Alert phone numbers (SMS)');
    fireEvent.change(phones, { target: { value: '+49 151 1234-5678' } });
    fireEvent.blur(phones);
    // leaving the box keeps what was typed, stored in E.164
    expect(await screen.findByText('+4915112345678')).toBeTruthy();
    save();
    await waitFor(() => expect(dp.create).toHaveBeenCalled());
    expect(dp.create.mock.calls[0]![1].data).toMatchObject({
      url: 'https://example.com/',
      type: 'http',
      interval: 300,
      timeout: 15,
      retries: 1,
      alert_emails: ['ops@example.com', 'noc@example.org'],
      alert_phone_numbers: ['+4915112345678'],
    });
  });

  it('asks for the keyword of a keyword monitor', async () => {
    const dp = setup(ok);
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL or IP' }), {
      target: { value: 'https://example.com/' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Keyword'));
    save();
    await waitFor(() => expect(helper(box('Keyword'))?.textContent).toBe('Enter the keyword to look for'));
    expect(dp.create).not.toHaveBeenCalled();
  });

  it('says which recipient is wrong, and does not send the form', async () => {
    const dp = setup(ok);
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL or IP' }), {
      target: { value: 'https://example.com/' },
    });
    const phones = combo('Alert phone numbers (SMS)');
    fireEvent.change(phones, { target: { value: '0151 1234' } });
    fireEvent.blur(phones);
    expect(await screen.findByText('0151 1234')).toBeTruthy();
    save();
    await waitFor(() =>
      expect(helper(phones)?.textContent).toBe(
        '"0151 1234" is not an international number: write it as +4915112345678',
      ),
    );
    expect(screen.getByText('0151 1234').closest('.MuiChip-root')?.className).toContain('MuiChip-colorError');
    expect(dp.create).not.toHaveBeenCalled();
  });

  it("shows the server's field error on the matching input", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    setup(async () => {
      throw new HttpError('Some fields are not valid', 422, {
        errors: { alert_phone_numbers: 'SMS alerts are not configured on this server' },
      });
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'URL or IP' }), {
      target: { value: 'https://example.com/' },
    });
    save();
    await waitFor(() =>
      expect(helper(combo('Alert phone numbers (SMS)'))?.textContent).toBe(
        'SMS alerts are not configured on this server',
      ),
    );
  });

  it('says under the target why a private address is refused and how an operator allows it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs failed calls in dev
    const refusal =
      '127.0.0.1 is a private or loopback address; monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS';
    setup(async () => {
      throw new HttpError('Some fields are not valid', 422, { errors: { url: refusal } });
    });
    const url = await screen.findByRole('textbox', { name: 'URL or IP' });
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:8080/' } });
    save();
    await waitFor(() => expect(helper(url)?.textContent).toBe(refusal));
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });
});
