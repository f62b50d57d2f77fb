// @vitest-environment jsdom
import type { TotpStatus } from '@rfid/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { AccountSecurityPage } from './account-security-page';

/** Account security (issue 29) against a fake API: enrol with the QR code and key, recovery codes once, turn off. */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
const off: TotpStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
const on: TotpStatus = { enabled: true, enabled_at: '2026-05-04T07:00:00.000Z', recovery_codes_left: 9, required: false };

describe('AccountSecurityPage', () => {
  cleanAfterEach();

  it('es: turns the second factor on: QR code and key, a wrong code shows the server message, then the codes once', async () => {
    let status = off;
    const calls = fakeApi({
      'GET /api/account/totp/': () => ({ status: 200, body: status }),
      'POST /api/account/totp/': () => ({
        status: 200,
        body: {
          secret: SECRET,
          otpauth_uri: `otpauth://totp/x?secret=${SECRET}`,
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
      }),
      'POST /api/account/totp/confirm/': (body) => {
        if ((body as { code: string }).code !== '123456')
          return {
            status: 400,
            body: {
              message: 'code: El código no es válido (o ya se ha usado).',
              errors: { code: ['El código no es válido (o ya se ha usado).'] },
            },
          };
        status = on;
        return { status: 200, body: { recovery_codes: CODES } };
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp(<AccountSecurityPage />, { language: 'es', role: 5, namespaces: ['account-security'] });
    expect((await screen.findByTestId('totp-state')).textContent).toBe(
      'El segundo factor está desactivado: basta su contraseña para iniciar sesión.',
    );
    expect(screen.getByText(/Se rechazan las contraseñas comunes/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Activar el segundo factor' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe(SECRET);
    expect(screen.getByRole('img', { name: 'Código QR del segundo factor' }).getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    await userEvent.type(screen.getByTestId('totp-code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByTestId('totp-error')).textContent).toBe('El código no es válido (o ya se ha usado).');
    await userEvent.clear(screen.getByTestId('totp-code'));
    await userEvent.type(screen.getByTestId('totp-code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const codes = await screen.findAllByTestId('recovery-code');
    expect(codes.map((c) => c.textContent)).toEqual(CODES);
    expect(calls.filter((c) => c.path === '/api/account/totp/confirm/').map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
    await userEvent.click(screen.getByTestId('codes-done'));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    expect((await screen.findByTestId('totp-state')).textContent).toMatch(/^El segundo factor está activado desde el /);
    expect(screen.getByText('Le quedan 9 códigos de recuperación.')).toBeTruthy();
  });

  it('en: turning off with a wrong password shows the server message and changes nothing', async () => {
    const calls = fakeApi({
      'GET /api/account/totp/': () => ({ status: 200, body: on }),
      'DELETE /api/account/totp/': () => ({
        status: 400,
        body: {
          message: 'The password or the code is not right.',
          errors: { password: ['The password or the code is not right.'] },
        },
      }),
    });
    await renderApp(<AccountSecurityPage />, { language: 'en', role: 3, namespaces: ['account-security'] });
    await screen.findByTestId('totp-state');
    await userEvent.type(screen.getByTestId('disable-proof'), 'not it');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The password or the code is not right.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ password: 'not it' }]);
  });

  it('en: required by the company, it says so and offers no way to turn it off', async () => {
    fakeApi({ 'GET /api/account/totp/': () => ({ status: 200, body: { ...on, required: true } }) });
    await renderApp(<AccountSecurityPage />, { language: 'en', role: 1, namespaces: ['account-security'] });
    expect(await screen.findByText(/Your company requires a second factor of administrators/)).toBeTruthy();
    expect(screen.queryByTestId('disable-proof')).toBeNull();
  });
});
