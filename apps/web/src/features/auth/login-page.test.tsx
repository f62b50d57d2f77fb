// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession } from '../../lib/storage';
import { cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { LoginPage } from './login-page';

/** The sign-in's steps (issue 29): the known-client token kept and sent, the second factor's code or a recovery code. */
describe('LoginPage, second factor and known client', () => {
  beforeEach(() => localStorage.clear());
  cleanAfterEach();

  const signIn = async (username: string) => {
    await userEvent.type(screen.getByLabelText(/Usuario|Username/), username);
    await userEvent.type(screen.getByLabelText(/Contraseña|Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: /^(Entrar|Sign in|Login|Iniciar sesión)$/ }));
  };

  it('es: password, then the code; keeps the session and the known-client token of the user', async () => {
    const calls = fakeApi({
      'POST /api/authtoken/': () => ({ status: 200, body: { mfa_required: true, mfa_token: 'challenge-1' } }),
      'POST /api/authtoken/mfa/': (body) =>
        (body as { code?: string }).code === '654321'
          ? { status: 200, body: { token: 'a'.repeat(40), expiry: '2099-01-01T00:00:00.000Z', client_token: 'browser-1' } }
          : {
              status: 400,
              body: {
                message: 'code: El código no es válido (o ya se ha usado).',
                errors: { code: ['El código no es válido (o ya se ha usado).'] },
              },
            },
    });
    await renderApp(<LoginPage />, { language: 'es', role: 1, namespaces: ['auth'] });
    await signIn('Ana@Example.com');
    expect(await screen.findByText('Introduzca el código de 6 dígitos de su aplicación de autenticación.')).toBeTruthy();
    await userEvent.type(screen.getByTestId('mfa-code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('El código no es válido (o ya se ha usado).');
    expect(readSession()).toBeNull();
    await userEvent.clear(screen.getByTestId('mfa-code'));
    await userEvent.type(screen.getByTestId('mfa-code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(readSession()?.token).toBe('a'.repeat(40)));
    expect(localStorage.getItem('known_client:ana@example.com')).toBe('browser-1');
    expect(calls.filter((c) => c.path === '/api/authtoken/mfa/').map((c) => c.body)).toEqual([
      { mfa_token: 'challenge-1', code: '111111' },
      { mfa_token: 'challenge-1', code: '654321' },
    ]);
    expect(calls.find((c) => c.path === '/api/authtoken/')?.body).toEqual({
      username: 'Ana@Example.com',
      password: 'correct horse',
    });
  });

  it('en: sends the known-client token of the user; a recovery code instead of the app', async () => {
    localStorage.setItem('known_client:ana@example.com', 'browser-1');
    const calls = fakeApi({
      'POST /api/authtoken/': () => ({ status: 200, body: { mfa_required: true, mfa_token: 'challenge-2' } }),
      'POST /api/authtoken/mfa/': () => ({
        status: 200,
        body: { token: 'b'.repeat(40), expiry: '2099-01-01T00:00:00.000Z', client_token: 'browser-2' },
      }),
    });
    await renderApp(<LoginPage />, { language: 'en', role: 1, namespaces: ['auth'] });
    await signIn('ana@example.com');
    // The click submits after the form's validation, a few turns later (the first test of a run waits longest).
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/authtoken/')?.body).toEqual({
        username: 'ana@example.com',
        password: 'correct horse',
        client_token: 'browser-1',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(localStorage.getItem('known_client:ana@example.com')).toBe('browser-2'));
    expect(calls.filter((c) => c.path === '/api/authtoken/mfa/').map((c) => c.body)).toEqual([
      { mfa_token: 'challenge-2', recovery_code: 'abcde-fghjk' },
    ]);
  });
});
