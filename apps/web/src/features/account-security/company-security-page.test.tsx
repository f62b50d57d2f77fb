// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanAfterEach, expectNotAllowed, fakeApi, renderApp } from '../../test/render-app';
import { CompanySecurityPage } from './company-security-page';

describe('CompanySecurityPage', () => {
  cleanAfterEach();

  it('es: role 1 requires a second factor of administrators with the switch', async () => {
    let value = false;
    const calls = fakeApi({
      'GET /api/company/security/': () => ({ status: 200, body: { mfa_required_admins: value } }),
      'PUT /api/company/security/': (body) => {
        value = (body as { mfa_required_admins: boolean }).mfa_required_admins;
        return { status: 200, body: { mfa_required_admins: value } };
      },
    });
    await renderApp(<CompanySecurityPage />, { language: 'es', role: 1, namespaces: ['account-security'] });
    const toggle = await screen.findByRole('switch', { name: 'Exigir segundo factor a los administradores' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mfa_required_admins: true }]);
  });

  it('en: role 2 is told it is for the company administrators, and nothing is asked', async () => {
    await expectNotAllowed(
      <CompanySecurityPage />,
      { language: 'en', role: 2, namespaces: ['account-security'] },
      "Only the company's administrators can change its sign-in rules.",
    );
  });
});
