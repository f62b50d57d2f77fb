// @vitest-environment jsdom
import type { ApiKey } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, apiPage, cleanAfterEach, declineThenConfirmDelete, fakeApi, renderApp } from '../../test/render-app';
import { ApiKeysPage } from './api-keys-page';

/**
 * The API keys page (issue 27) with Testing Library against a fake API (fetch): the list, the creation (the contract's
 * checks, the key shown once and copied), the revocation asked first, and a role that may not see it.
 */

const KEY = 'rfid_0123456789abcdefghijABCDEFGHIJ_-xyzXYZ0123';
const apiKey = (fields: Partial<ApiKey> = {}): ApiKey => ({
  id: 7,
  name: 'ERP SAP',
  prefix: 'rfid_0123456',
  access: 'read',
  locations: [{ id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' }],
  created_by: { id: 1, first_name: 'Ana', last_name: 'Admin', email: 'admin@demo.local' },
  created_at: '2026-05-04T07:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...fields,
});

const routes = (keys: () => ApiKey[]): Record<string, (body: unknown) => ApiAnswer> => ({
  'GET /api/api_keys/': () => ({ status: 200, body: keys() }),
  'GET /api/locations/': () => apiPage([{ id: 2, code: 'T-MAD-01', description: 'Tienda Madrid' }]),
  'POST /api/api_keys/': (body) => ({
    status: 201,
    body: { ...apiKey({ id: 8, ...(body as object), locations: null }), key: KEY },
  }),
  'DELETE /api/api_keys/7/': () => ({ status: 200, body: apiKey({ revoked_at: '2026-05-05T07:00:00.000Z' }) }),
});

const renderIn = (language: 'es' | 'en', role = 1) => renderApp(<ApiKeysPage />, { language, role, namespaces: ['api-keys'] });

describe('ApiKeysPage', () => {
  cleanAfterEach();

  it('es: lists the keys by their first characters; creates one (name required), shows it once and copies it', async () => {
    const calls = fakeApi(routes(() => [apiKey()]));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderIn('es');
    const [row] = (await screen.findAllByTestId('api-key-row')) as [HTMLElement];
    expect(within(row).getByText('ERP SAP')).toBeTruthy();
    expect(within(row).getByTestId('api-key-prefix').textContent).toBe('rfid_0123456…');
    expect(within(row).getByText('T-MAD-01')).toBeTruthy();
    expect(within(row).getByText('Nunca')).toBeTruthy();

    await userEvent.click(screen.getByTestId('api-key-new'));
    await userEvent.click(await screen.findByTestId('api-key-create-submit'));
    expect(await screen.findByText('Escriba un nombre de hasta 100 caracteres.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByTestId('api-key-name'), '  Integración tienda ');
    await userEvent.click(screen.getByLabelText('Lectura y escritura'));
    await userEvent.click(screen.getByTestId('api-key-create-submit'));
    const shown = await screen.findByTestId('api-key-shown-dialog');
    expect((within(shown).getByTestId('api-key-value') as HTMLInputElement).value).toBe(KEY);
    expect(within(shown).getByText('Cópiela ahora: no se volverá a mostrar (solo se guarda su huella).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Integración tienda', access: 'write', locations: null },
    ]);
    await userEvent.click(within(shown).getByTestId('api-key-copy'));
    expect(writeText).toHaveBeenCalledWith(KEY);
    await userEvent.click(within(shown).getByTestId('api-key-shown-close'));
    await waitFor(() => expect(screen.queryByTestId('api-key-shown-dialog')).toBeNull());
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('en: revoking asks first; No changes nothing, Yes revokes the key', async () => {
    const calls = fakeApi(routes(() => [apiKey()]));
    await renderIn('en');
    const [row] = (await screen.findAllByTestId('api-key-row')) as [HTMLElement];
    await declineThenConfirmDelete(calls, row, {
      action: 'Revoke: ERP SAP',
      message: 'The key "ERP SAP" (rfid_0123456…) will stop working at once.',
      yes: 'Yes, revoke',
      done: 'Key "ERP SAP" revoked.',
      path: '/api/api_keys/7/',
    });
  });

  it('a location editor (role 3) is told the page is for the administrators, and nothing is asked', async () => {
    const calls = fakeApi(routes(() => [apiKey()]));
    await renderIn('es', 3);
    expect((await screen.findByTestId('not-allowed')).textContent).toContain('Solo los administradores');
    expect(calls.filter((c) => c.path === '/api/api_keys/')).toEqual([]);
  });
});
