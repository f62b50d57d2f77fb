// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReader } from '../../../test/fixtures';
import { atTestStore, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { ReaderFormPage } from './reader-form-page';

/**
 * Edit reader against a fake API: the form filled from the reader, a save PUT with the version it was loaded at, and a
 * key rotation (asked first) showing the new device key once.
 */
const reader = aReader({ version: 4 });

const serve = () =>
  fakeApi({
    'GET /api/readers/7/': () => ({ status: 200, body: reader }),
    'PUT /api/readers/7/': (body) => ({ status: 200, body: { ...reader, ...(body as object), version: 5 } }),
    'POST /api/readers/7/rotate_key/': () => ({ status: 200, body: { device_key: 'dk-new-123', version: 5 } }),
  });

const route = { path: '/administrador/devices/:id/edit', url: '/administrador/devices/7/edit' };

describe('ReaderFormPage (edit)', () => {
  atTestStore();

  it('en: fills the form from the reader and saves it with the version it was loaded at', async () => {
    const calls = serve();
    await renderApp(<ReaderFormPage />, { language: 'en', role: 1, namespaces: ['admin'], route });
    expect(await screen.findByText('Edit reader', {}, FIRST_LOAD)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('field-serial_number') as HTMLInputElement).value).toBe('FX9600-01'));
    expect((screen.getByTestId('field-mac_address') as HTMLInputElement).value).toBe('AA:BB:CC:DD:EE:01');
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Device updated')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ id: 7, serial_number: 'FX9600-01', locationArea1_id: 11 });
  });

  it('es: rotating the key asks first, then shows the new device key once', async () => {
    const calls = serve();
    await renderApp(<ReaderFormPage />, { language: 'es', role: 1, namespaces: ['admin'], route });
    await userEvent.click(await screen.findByTestId('rotate-key', {}, FIRST_LOAD));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect((await screen.findByTestId('device-key-value')).textContent).toBe('dk-new-123');
  });
});
