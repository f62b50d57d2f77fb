// @vitest-environment jsdom
import type { Printer, Reader } from '@rfid/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { NotifierProvider } from '../../../lib/notifier';
import { aReader } from '../../../test/fixtures';
import { cleanAfterEach } from '../../../test/render-app';
import { PrinterFormPage } from '../printers/printer-form-page';
import { ReaderFormPage } from '../readers/reader-form-page';

/**
 * An edit page whose record someone else changed while it was edited (issue 25, item 6): the save sends the version the
 * page loaded (If-Match); on the server's 409 the page tells so in the user's language, keeps what was typed and saves
 * nothing; Reload shows the other user's changes. Rendered with Testing Library against a fake API (fetch).
 */

const printer = (fields: Partial<Printer> = {}): Printer => ({
  id: 5,
  description: 'Zebra muelle',
  mac: '84:24:8D:00:00:05',
  ip_address: '10.0.0.5',
  port: 9100,
  location_area: { id: 3, description: 'Muelle' },
  location_id: 2,
  location_description: 'CD Madrid',
  serial_number: '',
  dpi: 203,
  version: 3,
  ...fields,
});

const reader = (fields: Partial<Reader> = {}): Reader =>
  aReader({
    serial_number: 'FX-7',
    mac_address: '84:24:8D:00:00:07',
    locationArea1: 3,
    location_id: 2,
    location_description: 'CD Madrid',
    version: 3,
    ...fields,
  });

type Call = { method: string; path: string; ifMatch: string | null; body: unknown };
type Answer = { status: number; body: unknown };

/** A fake API: answers by method and path, each route's answers in turn (the last one again); records every call. */
const fakeApi = (routes: Record<string, Answer[]>) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, ifMatch: headers.get('If-Match'), body });
    const key = `${method} ${url.pathname}`;
    const answers = routes[key];
    const answer = answers && answers.length > 1 ? (answers.shift() as Answer) : answers?.[0];
    const { status, body: payload } = answer ?? { status: 200, body: { count: 0, next: null, previous: null, results: [] } };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
};

const stale = (current: number, message: string): Answer => ({
  status: 409,
  body: { message, code: 'admin.printer_changed', current_version: current },
});

/** Renders the edit page of `path` (`/edit/:id`) in `language`. */
const renderAt = async (language: 'es' | 'en', path: string, page: ReactNode) => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'components', 'admin']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NotifierProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/edit/:id" element={page} />
          </Routes>
        </MemoryRouter>
      </NotifierProvider>
    </QueryClientProvider>,
  );
};

const fieldValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

/** Waits for the field `testId` to show the record as loaded (`loaded`), then types `typed` over it, as a user would. */
const retypeLoaded = async (testId: string, { loaded, typed }: { loaded: string; typed: string }) => {
  await waitFor(() => expect(fieldValue(testId)).toBe(loaded));
  const field = screen.getByTestId(testId);
  await userEvent.clear(field);
  await userEvent.type(field, typed);
};

describe('an edit page whose record someone else changed meanwhile', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  cleanAfterEach();

  it('es: the printer save sends the loaded version; the 409 is told, the input kept; Reload shows the other’s changes', async () => {
    const calls = fakeApi({
      'GET /api/printer/printers/5/': [
        { status: 200, body: printer() },
        { status: 200, body: printer({ description: 'Cambiada por Bruno', version: 4 }) },
      ],
      'PUT /api/printer/printers/5/': [stale(4, 'Otra persona ha cambiado esta impresora…')],
    });
    await renderAt('es', '/edit/5', <PrinterFormPage />);
    await retypeLoaded('field-description', { loaded: 'Zebra muelle', typed: 'Mi cambio' });
    await userEvent.click(screen.getByTestId('submit'));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert.textContent).toContain(
      'Otro usuario ha cambiado esta impresora mientras usted la editaba; recargue para ver sus cambios. No se ha guardado nada.',
    );
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({ path: '/api/printer/printers/5/', ifMatch: '"3"', body: { description: 'Mi cambio' } });
    // What the user typed stays, and no success is claimed.
    expect(fieldValue('field-description')).toBe('Mi cambio');
    expect(screen.queryByTestId('form-alert-success')).toBeNull();
    expect(screen.queryByTestId('form-alert-error')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(fieldValue('field-description')).toBe('Cambiada por Bruno'));
    expect(screen.queryByTestId('stale-edit')).toBeNull();
    // Saving now is made from the version reloaded.
    const after = fakeApi({
      'PUT /api/printer/printers/5/': [{ status: 200, body: printer({ description: 'Cambiada por Bruno', version: 5 }) }],
      'GET /api/printer/printers/5/': [{ status: 200, body: printer({ description: 'Cambiada por Bruno', version: 5 }) }],
    });
    await userEvent.click(screen.getByTestId('submit'));
    await screen.findByTestId('form-alert-success');
    expect(after.find((call) => call.method === 'PUT')?.ifMatch).toBe('"4"');
  });

  it('en: a reader edited elsewhere: the save is told in English and saves nothing; its key rotation sends the version too', async () => {
    const calls = fakeApi({
      'GET /api/readers/7/': [{ status: 200, body: reader() }],
      'PUT /api/readers/7/': [stale(4, 'Someone else changed this reader…')],
      'POST /api/readers/7/rotate_key/': [stale(4, 'Someone else changed this reader…')],
    });
    await renderAt('en', '/edit/7', <ReaderFormPage />);
    await retypeLoaded('field-serial_number', { loaded: 'FX-7', typed: 'FX-7B' });
    await userEvent.click(screen.getByTestId('submit'));

    expect((await screen.findByTestId('stale-edit')).textContent).toContain(
      'Another user changed this reader while you were editing; reload to see their changes. Nothing was saved.',
    );
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ ifMatch: '"3"', body: { serial_number: 'FX-7B' } });
    expect(fieldValue('field-serial_number')).toBe('FX-7B');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    // A rotation from the same (stale) version: refused the same way, and no key is shown.
    await userEvent.click(screen.getByTestId('rotate-key'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.ifMatch).toBe('"3"');
    expect(screen.queryByTestId('device-key')).toBeNull();
    expect(screen.getByTestId('stale-edit')).toBeTruthy();
  });

  it('es: after its own key rotation the reader page saves from the version the rotation answered (not a 409 of its own)', async () => {
    const calls = fakeApi({
      'GET /api/readers/7/': [{ status: 200, body: reader() }],
      'POST /api/readers/7/rotate_key/': [{ status: 200, body: { id: 7, device_key: 'nueva-clave', version: 4 } }],
      'PUT /api/readers/7/': [{ status: 200, body: reader({ serial_number: 'FX-7C', version: 5 }) }],
    });
    await renderAt('es', '/edit/7', <ReaderFormPage />);
    await retypeLoaded('field-serial_number', { loaded: 'FX-7', typed: 'FX-7C' });
    await userEvent.click(screen.getByTestId('rotate-key'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect((await screen.findByTestId('device-key-value')).textContent).toBe('nueva-clave');
    // The rotation kept what was typed, and the save names the rotation's version.
    expect(fieldValue('field-serial_number')).toBe('FX-7C');
    await userEvent.click(screen.getByTestId('submit'));
    await screen.findByTestId('form-alert-success');
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.ifMatch])).toEqual([
      ['POST', '"3"'],
      ['PUT', '"4"'],
    ]);
    expect(screen.queryByTestId('stale-edit')).toBeNull();
  });
});
