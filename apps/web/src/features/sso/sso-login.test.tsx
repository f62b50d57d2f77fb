// @vitest-environment jsdom

import { SSO_ERRORS } from '@rfid/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { readSession } from '../../lib/storage';
import { cleanAfterEach, fakeApi } from '../../test/render-app';
import { SsoCallbackPage } from './sso-callback-page';
import { SSO_REASONS, SsoLoginEntry } from './sso-login-entry';

/** The sign-in page's company sign-in (issue 29) and the hand-off page, against a fake API (fetch). */
const show = async (language: 'es' | 'en', at: string, ui: React.ReactNode) => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'auth', 'sso']);
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/login" element={ui} />
        <Route path="/login/sso" element={ui} />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
};

describe('SsoLoginEntry', () => {
  cleanAfterEach();

  it.each([
    [
      'es',
      'no_role',
      'Su cuenta de empresa no tiene ningún rol en esta aplicación. Pida a su administrador que le asigne un grupo.',
    ],
    ['en', 'no_role', 'Your company account has no role in this application. Ask your administrator to give you a group.'],
    ['es', 'expired', 'El inicio de sesión con su empresa ha caducado o ya se ha usado. Vuelva a intentarlo.'],
    ['en', 'denied', "Your company's sign-in service did not allow the sign-in. Try again or ask your administrator."],
    ['en', 'whatever', "The answer of your company's sign-in service could not be checked. Try again."],
  ] as const)('%s: says why sso_error=%s refused the sign-in', async (language, reason, text) => {
    await show(language, `/login?sso_error=${reason}`, <SsoLoginEntry />);
    expect((await screen.findByTestId('sso-error')).textContent).toBe(text);
  });

  it("knows every reason the contract's callback may give", () => {
    expect([...SSO_REASONS].sort()).toEqual([...SSO_ERRORS].sort());
  });

  it('asks the e-mail (none: no call), then goes to the provider', async () => {
    const calls = fakeApi({ 'POST /api/sso/start/': () => ({ status: 200, body: { url: 'https://idp.example.com/auth?x=1' } }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await show('es', '/login', <SsoLoginEntry />);
    expect(screen.queryByTestId('sso-error')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Entrar con el acceso de su empresa' }));
    await userEvent.click(screen.getByTestId('sso-continue'));
    expect(await screen.findByText('Introduzca su correo electrónico')).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByTestId('sso-email'), 'marta@empresa.com');
    await userEvent.click(screen.getByTestId('sso-continue'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/auth?x=1'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/sso/start/', body: { email: 'marta@empresa.com' } }]);
  });

  it("shows the server's message when the domain has no provider", async () => {
    fakeApi({ 'POST /api/sso/start/': () => ({ status: 404, body: { message: 'Single sign-on is not set up.' } }) });
    await show('en', '/login', <SsoLoginEntry />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with your company account' }));
    await userEvent.type(screen.getByTestId('sso-email'), 'a@b.example');
    await userEvent.click(screen.getByTestId('sso-continue'));
    expect((await screen.findByTestId('sso-start-error')).textContent).toBe('Single sign-on is not set up.');
  });
});

describe('SsoCallbackPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('exchanges the fragment code once, keeps the session and opens the dashboard; the code leaves the address', async () => {
    const calls = fakeApi({
      'POST /api/sso/exchange/': () => ({ status: 200, body: { token: 'abc', expiry: '2099-01-01T00:00:00.000Z' } }),
    });
    window.history.replaceState(null, '', '/login/sso#code=one-time');
    await show('es', '/login/sso', <SsoCallbackPage />);
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/api/sso/exchange/', body: { code: 'one-time' } }]);
    expect(readSession()).toEqual({ token: 'abc', expiry: '2099-01-01T00:00:00.000Z' });
    expect(window.location.hash).toBe('');
  });

  it('shows the refusal and the way back (en); without a code, no call', async () => {
    fakeApi({
      'POST /api/sso/exchange/': () => ({ status: 400, body: { message: 'x', errors: { code: ['This sign-in has expired.'] } } }),
    });
    window.history.replaceState(null, '', '/login/sso#code=used');
    await show('en', '/login/sso', <SsoCallbackPage />);
    expect((await screen.findByTestId('sso-callback-error')).textContent).toBe('This sign-in has expired.');
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login');
    cleanup();
    const calls = fakeApi({});
    window.history.replaceState(null, '', '/login/sso');
    await show('es', '/login/sso', <SsoCallbackPage />);
    expect((await screen.findByTestId('sso-callback-error')).textContent).toBe(
      'El inicio de sesión con su empresa ha caducado o ya se ha usado. Vuelva a intentarlo.',
    );
    expect(calls).toEqual([]);
    expect(readSession()).toBeNull();
  });
});
