// @vitest-environment jsdom
import type { SsoConfig } from '@rfid/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanAfterEach, expectNotAllowed, fakeApi, renderApp } from '../../test/render-app';
import { SsoAdminPage } from './sso-admin-page';

const CONFIG: SsoConfig = {
  configured: true,
  enabled: true,
  issuer: 'https://login.example.com',
  client_id: 'rfid',
  has_client_secret: true,
  scopes: 'openid email profile',
  domains: ['empresa.com'],
  role_claim: 'groups',
  role_map: { 'rfid-admins': 1, 'rfid-viewers': 5 },
  default_role: null,
  locations_claim: 'groups',
  location_map: { madrid: ['T-MAD-01'] },
  jit_users: true,
  sso_only: false,
  redirect_uri: 'https://rfid.example.com/api/sso/callback/',
};

describe('SsoAdminPage', () => {
  cleanAfterEach();

  it('es: shows the configuration without the secret, and saves it (blank secret keeps it)', async () => {
    const calls = fakeApi({
      'GET /api/sso/config/': () => ({ status: 200, body: CONFIG }),
      'PUT /api/sso/config/': (body) => ({ status: 200, body: { ...CONFIG, ...(body as object) } }),
    });
    await renderApp(<SsoAdminPage />, { language: 'es', role: 1, namespaces: ['sso'] });
    expect(((await screen.findByTestId('sso-issuer', {}, { timeout: 10_000 })) as HTMLInputElement).value).toBe(
      'https://login.example.com',
    );
    expect(screen.getByText('Hay un secreto guardado. Déjelo vacío para mantenerlo.')).toBeTruthy();
    expect(screen.getByDisplayValue('https://rfid.example.com/api/sso/callback/')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir grupo' }));
    await userEvent.type(screen.getByTestId('roles-key-2'), 'rfid-editors');
    await userEvent.click(screen.getByTestId('sso-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      issuer: 'https://login.example.com',
      client_id: 'rfid',
      client_secret: '',
      scopes: 'openid email profile',
      domains: ['empresa.com'],
      role_claim: 'groups',
      role_map: { 'rfid-admins': 1, 'rfid-viewers': 5, 'rfid-editors': 5 },
      default_role: null,
      locations_claim: 'groups',
      location_map: { madrid: ['T-MAD-01'] },
      jit_users: true,
      sso_only: false,
    });
  });

  it("en: shows the server's message under the field it names", async () => {
    fakeApi({
      'GET /api/sso/config/': () => ({ status: 200, body: CONFIG }),
      'PUT /api/sso/config/': () => ({
        status: 400,
        body: { message: 'bad', errors: { issuer: ['Enter an https address (http only for 127.0.0.1 or localhost).'] } },
      }),
    });
    await renderApp(<SsoAdminPage />, { language: 'en', role: 1, namespaces: ['sso'] });
    await screen.findByTestId('sso-issuer');
    await userEvent.click(screen.getByTestId('sso-save'));
    expect(await screen.findAllByText('Enter an https address (http only for 127.0.0.1 or localhost).')).not.toHaveLength(0);
  });

  it("en: shows each text field's server message (named by its body field) under that field", async () => {
    const messages = {
      'Client ID': ['client_id', 'Client message.'],
      Scopes: ['scopes', 'Scopes message.'],
      'E-mail domains': ['domains', 'Domains message.'],
      'Claim with the groups': ['role_claim', 'Role claim message.'],
      'Claim with the locations': ['locations_claim', 'Locations claim message.'],
    };
    fakeApi({
      'GET /api/sso/config/': () => ({ status: 200, body: CONFIG }),
      'PUT /api/sso/config/': () => ({
        status: 400,
        body: { message: 'bad', errors: Object.fromEntries(Object.values(messages).map(([field, text]) => [field, [text]])) },
      }),
    });
    await renderApp(<SsoAdminPage />, { language: 'en', role: 1, namespaces: ['sso'] });
    await screen.findByTestId('sso-issuer');
    await userEvent.click(screen.getByTestId('sso-save'));
    await screen.findAllByText('Client message.');
    for (const [label, [, text]] of Object.entries(messages)) {
      const helperId = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(helperId)?.textContent).toBe(text);
    }
  });

  it('role 2: says only role 1 sets it up, and asks nothing', async () => {
    await expectNotAllowed(
      <SsoAdminPage />,
      { language: 'en', role: 2, namespaces: ['sso'] },
      "Only the company's administrators (role 1) set up the company sign-in.",
    );
  });
});
