// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { NotifierProvider } from '../../lib/notifier';
import { atStore, testIdentity } from '../../test/render-app';
import { roleQueryOptions } from '../auth';
import { OrderWizard } from './order-wizard';

/**
 * The order wizard (issue 28, item 4) with Testing Library against a fake fetch: nothing is written before its last
 * button, which sends the order and its boxes in one call with an Idempotency-Key (the same key on a retry, a new one
 * after success); leaving with a draft asks first.
 */

type Call = { method: string; path: string; body: unknown; key: string | null };
const GTIN = '08437000000017';

/** The fake API: the GTIN search, and POST /orders-with-boxes/ answering `answers` in turn (then 201). */
const fakeApi = (answers: number[] = []) => {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const key = new Headers(init?.headers).get('idempotency-key');
    calls.push({ method, path: url.pathname, body, key });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/types/') {
      return json(200, {
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 7, gtin: GTIN, description: 'Camisa', size_primary: 'M', sizes: [], colour: 'Azul', external_image: '' }],
      });
    }
    if (method === 'POST' && url.pathname === '/api/orders-with-boxes/') {
      const status = answers.shift() ?? 201;
      if (status !== 201) return json(status, { message: 'Algo falló' });
      return json(201, {
        id: 31,
        kind: 'online',
        order_code: body.order.order_code,
        reception_id: 32,
        boxes: [{ id: 33, codebar: 'CAJA-1' }],
      });
    }
    return json(404, { message: 'Not found' });
  });
  return calls;
};

const renderWizard = async () => {
  await i18n.changeLanguage('es');
  await i18n.loadNamespaces(['common', 'components', 'order-wizard', 'catalog']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(roleQueryOptions().queryKey, testIdentity(1));
  const router = createMemoryRouter(
    [
      {
        path: '/online/order/add',
        element: (
          <>
            <Link to="/online/">Salir al panel</Link>
            <OrderWizard
              kind="online"
              buildBody={({ orderCode, location, boxes }) => ({
                kind: 'online',
                order: { order_code: orderCode, origin_id: location.id },
                boxes,
              })}
            />
          </>
        ),
      },
      { path: '/online/', element: <p>Panel online</p> },
    ],
    { initialEntries: ['/online/order/add'] },
  );
  render(
    <QueryClientProvider client={client}>
      <NotifierProvider>
        <RouterProvider router={router} />
      </NotifierProvider>
    </QueryClientProvider>,
  );
  return router;
};

/** The last button, 'Crear la orden' (by its test id: the closing dialog hides the page from role queries a moment). */
const createOrder = async (user: ReturnType<typeof userEvent.setup>) => {
  const button = screen.getByTestId('wizard-next');
  expect(button.textContent).toBe('Crear la orden');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  await user.click(button);
};

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

/** Step 1 (the code) and step 2 with one box of one GTIN. */
const fillDraft = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByTestId('order-code'), 'ON-28');
  await user.click(screen.getByTestId('wizard-next'));
  await user.click(await screen.findByTestId('add-box'));
  await user.type(screen.getByTestId('box-barcode'), 'CAJA-1');
  await user.type(screen.getByTestId('box-gtin-0'), '843');
  await user.click(await screen.findByTestId('gtin-option'));
  await user.click(screen.getByTestId('box-save'));
  await waitFor(() => expect(screen.getAllByTestId('wizard-box')).toHaveLength(1));
};

describe('OrderWizard', () => {
  atStore({ id: 2, description: 'Tienda Madrid Centro' });

  it('writes nothing before its last button, then sends the order with its boxes in one call', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    await renderWizard();
    await fillDraft(user);
    expect(posts(calls)).toEqual([]);
    // A barcode twice in the draft is refused in the dialog.
    await user.click(screen.getByTestId('add-box'));
    await user.type(screen.getByTestId('box-barcode'), 'CAJA-1');
    await user.click(screen.getByTestId('box-save'));
    expect(await screen.findByText('Esta orden ya tiene una caja con este código')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    await createOrder(user);
    expect(await screen.findByTestId('finished-order')).toBeTruthy();
    expect(screen.getByTestId('finished-order').textContent).toContain('Orden ON-28 (n.º 31) creada con 1 caja.');
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/orders-with-boxes/',
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
        body: {
          kind: 'online',
          order: { order_code: 'ON-28', origin_id: 2 },
          boxes: [{ codebar: 'CAJA-1', contents: [{ gtin: GTIN, quantity: 1 }] }],
        },
      },
    ]);
  });

  it('a retry after a failure sends the same key (one order), the next order a new one', async () => {
    const calls = fakeApi([500]);
    const user = userEvent.setup();
    await renderWizard();
    await fillDraft(user);
    await createOrder(user);
    expect(await screen.findByTestId('form-alert-error')).toBeTruthy();
    await createOrder(user);
    await screen.findByTestId('finished-order');
    await fillDraft(user);
    await createOrder(user);
    await waitFor(() => expect(posts(calls)).toHaveLength(3));
    const [first, retry, next] = posts(calls).map((call) => call.key);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('leaving with a draft asks first: staying keeps it, leaving goes', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const router = await renderWizard();
    await fillDraft(user);
    await user.click(screen.getByText('Salir al panel'));
    expect(await screen.findByText('¿Salir sin crear la orden?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Seguir aquí' }));
    await waitFor(() => expect(screen.queryByText('¿Salir sin crear la orden?')).toBeNull());
    expect(router.state.location.pathname).toBe('/online/order/add');
    expect(screen.getAllByTestId('wizard-box')).toHaveLength(1);
    await user.click(screen.getByText('Salir al panel'));
    await user.click(await screen.findByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('Panel online')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });
});
