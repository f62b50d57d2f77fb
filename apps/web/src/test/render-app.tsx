import type { Identity } from '@rfid/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { roleQueryOptions } from '../features/auth';
import { DateLocalization } from '../lib/date-localization';
import i18n from '../lib/i18n';
import { NotifierProvider } from '../lib/notifier';
import { type CurrentLocation, saveLocation } from '../lib/storage';

/**
 * What the Testing Library tests of the web share (one piece for each repeated thing): a signed-in user of a role, the
 * app's providers around the screen under test, and a fake API answering by method and path.
 */

/** The signed-in user of a component test: role `role` of company 1, no locations of its own. */
export const testIdentity = (role: number, overrides: Partial<Identity> = {}): Identity => ({
  id: 1,
  email: 'user@example.com',
  first_name: 'Test',
  last_name: 'User',
  user_role: role,
  editor: false,
  company: { id: 1, name: 'C' },
  locations: [],
  ...overrides,
});

/**
 * Renders `ui` as the app shows it: in `language` with `namespaces` loaded, a user of `role` signed in (no retries, no
 * refetching), the notifier, the date pickers' localization (the signed-in layout's) and a router; with `route`, the
 * router is at `route.url` and shows `ui` as the page of `route.path` (a page that reads its URL's parameters).
 */
/** How a component test renders its screen: the language, the user's role, the namespaces to load, the route. */
export type RenderOptions = { language: 'es' | 'en'; role: number; namespaces: string[]; route?: { path: string; url: string } };

export const renderApp = async (ui: ReactNode, { language, role, namespaces, route }: RenderOptions) => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'components', ...namespaces]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(roleQueryOptions().queryKey, testIdentity(role));
  return render(
    <QueryClientProvider client={client}>
      <NotifierProvider>
        <DateLocalization>
          {route ? (
            <MemoryRouter initialEntries={[route.url]}>
              <Routes>
                <Route path={route.path} element={ui} />
              </Routes>
            </MemoryRouter>
          ) : (
            <MemoryRouter>{ui}</MemoryRouter>
          )}
        </DateLocalization>
      </NotifierProvider>
    </QueryClientProvider>,
  );
};

/** One request a fake API got: its method, path, JSON body and, where a test records it, its query string. */
export type ApiCall = { method: string; path: string; query?: string; body: unknown };
export type ApiAnswer = { status: number; body: unknown };

/**
 * A fake API (global fetch): answers by "METHOD /path" (without the query; a route reads it from `url`), 404 otherwise;
 * records every call, with its query string when it has one.
 */
export const fakeApi = (routes: Record<string, (body: unknown, url: URL) => ApiAnswer>): ApiCall[] => {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body, ...(url.search ? { query: url.search } : {}) });
    const route = routes[`${method} ${url.pathname}`];
    const answer = route ? route(body, url) : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
};

/** A list's page as the API answers it (`count`: the whole list's, when `results` is one page of it). */
export const apiPage = <T,>(results: T[], count = results.length): ApiAnswer => ({
  status: 200,
  body: { count, next: null, previous: null, results },
});

/** For a describe block: after each test the screen is unmounted and the stubbed globals (fetch) restored. */
export const cleanAfterEach = (): void => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
};

/**
 * For a describe block: the user works at `place` as the location picker left it; after each test the screen is
 * unmounted, the stubbed fetch restored and the storage emptied.
 */
export const atStore = (place: CurrentLocation): void => {
  beforeEach(() => {
    localStorage.clear();
    saveLocation(place);
  });
  cleanAfterEach();
  afterEach(() => localStorage.clear());
};

/** For a describe block: the user works at the demo store T-MAD-01 (id 3); see `atStore`. */
export const atTestStore = (): void => atStore({ id: 3, description: 'T-MAD-01' });

/** The wait of a test's first look: its first render loads the page's modules, slow on a loaded machine. */
export const FIRST_LOAD = { timeout: 10_000 };

/** Renders `ui` for a role it refuses: its warning (test id `not-allowed`) reads `text`, and nothing is asked of the API. */
export const expectNotAllowed = async (ui: ReactNode, options: RenderOptions, text: string): Promise<void> => {
  const calls = fakeApi({});
  await renderApp(ui, options);
  expect((await screen.findByTestId('not-allowed')).textContent).toBe(text);
  expect(calls).toEqual([]);
};

/**
 * A row's DELETE that asks first: its button `action` opens the confirm dialog, which reads `message`; No sends nothing
 * and closes it; the button again and then `yes` send it: the notifier says `done`, and `path` is the only DELETE.
 */
export const declineThenConfirmDelete = async (
  calls: ApiCall[],
  row: HTMLElement,
  texts: { action: string; message: string | RegExp; yes: string; done: string; path: string },
): Promise<void> => {
  await userEvent.click(within(row).getByRole('button', { name: texts.action }));
  const dialog = await screen.findByTestId('confirm-dialog');
  expect(within(dialog).getByText(texts.message)).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  await userEvent.click(within(row).getByRole('button', { name: texts.action }));
  await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: texts.yes }));
  await waitFor(() => expect(screen.getByTestId('notifier').textContent).toBe(texts.done));
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([texts.path]);
};
