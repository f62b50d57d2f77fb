// @vitest-environment jsdom
import type { Session } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, cleanAfterEach, declineThenConfirmDelete, fakeApi, renderApp } from '../../test/render-app';
import { SessionsPage } from './sessions-page';
import { summarizeUserAgent } from './user-agent';

/** The user's open sessions (issue 29) with Testing Library against a fake API: the list, closing one, closing the others. */

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const session = (fields: Partial<Session>): Session => ({
  id: 1,
  method: 'password',
  ip: '10.0.0.7',
  user_agent: FIREFOX,
  created_at: '2026-05-04T07:00:00.000Z',
  last_seen_at: '2026-05-04T09:00:00.000Z',
  expires_at: '2026-06-03T07:00:00.000Z',
  idle_expires_at: '2026-05-04T21:00:00.000Z',
  current: false,
  ...fields,
});

const routes = (list: () => Session[]): Record<string, (body: unknown) => ApiAnswer> => ({
  'GET /api/sessions/': () => ({ status: 200, body: list() }),
  'DELETE /api/sessions/2/': () => ({ status: 204, body: undefined }),
  'POST /api/sessions/revoke-others/': () => ({ status: 200, body: { revoked: 1 } }),
});

const SESSIONS = [session({ id: 3, current: true }), session({ id: 2, user_agent: IPHONE, ip: '192.0.2.9', method: 'oidc' })];

describe('SessionsPage', () => {
  cleanAfterEach();

  it('es: lists the sessions (device, address, method, ends); closing one asks first, No changes nothing', async () => {
    const calls = fakeApi(routes(() => SESSIONS));
    await renderApp(<SessionsPage />, { language: 'es', role: 5, namespaces: ['sessions'] });
    expect(await screen.findByText('Sesiones abiertas')).toBeTruthy();
    const [current, other] = (await screen.findAllByTestId('session-row')) as [HTMLElement, HTMLElement];
    expect(within(current).getByText('Firefox · Linux')).toBeTruthy();
    expect(within(current).getByText('Esta sesión')).toBeTruthy();
    expect(within(current).queryByTestId('session-close')).toBeNull();
    expect(within(other).getByText('Safari · iOS')).toBeTruthy();
    expect(within(other).getByText('192.0.2.9')).toBeTruthy();
    expect(within(other).getByText('Inicio de sesión único')).toBeTruthy();

    await declineThenConfirmDelete(calls, other, {
      action: 'Cerrar: Safari · iOS',
      message: /La sesión de Safari · iOS terminará ahora/,
      yes: 'Sí, cerrar',
      done: 'Sesión cerrada.',
      path: '/api/sessions/2/',
    });
  });

  it('en: closes the other sessions after a confirmation; with none left the button is off', async () => {
    let list = SESSIONS;
    const calls = fakeApi(routes(() => list));
    await renderApp(<SessionsPage />, { language: 'en', role: 1, namespaces: ['sessions'] });
    await screen.findAllByTestId('session-row');
    await userEvent.click(screen.getByRole('button', { name: 'Close the other sessions' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('1 session will end; this one stays open.')).toBeTruthy();
    list = [session({ id: 3, current: true })];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, close the others' }));
    await waitFor(() => expect(screen.getByTestId('notifier').textContent).toBe('1 session closed.'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/sessions/revoke-others/']);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect((screen.getByTestId('sessions-close-others') as HTMLButtonElement).disabled).toBe(true);
  });

  it('summarizes user agents, and tells an unknown one', () => {
    expect(summarizeUserAgent(FIREFOX)).toBe('Firefox · Linux');
    expect(summarizeUserAgent(IPHONE)).toBe('Safari · iOS');
    expect(
      summarizeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0'),
    ).toBe('Edge · Windows');
    expect(summarizeUserAgent('')).toBeNull();
  });
});
