// @vitest-environment jsdom
import type { WebhookDelivery, WebhookEndpoint } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { WebhooksPage } from './webhooks-page';

/**
 * The webhooks page (issue 27) with Testing Library against a fake API: the endpoints with their state (a disabled one
 * says why and is enabled again), a new one made through the dialog (checked by the contract's schema) whose secret is
 * shown once, the delivery log with a replay, and the roles that may not manage webhooks.
 */

const SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTIzNA==';
const endpoint = (fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 1,
  url: 'https://erp.example.com/hooks/rfid',
  description: 'ERP',
  event_types: ['order.status_changed'],
  location_ids: null,
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  consecutive_failures: 0,
  previous_secret_until: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...fields,
});
const disabled = endpoint({
  id: 2,
  url: 'https://old.example.com/x',
  enabled: false,
  disabled_reason: '5 deliveries in a row failed after every attempt',
  disabled_at: '2026-11-20T10:00:00.000Z',
});
const delivery: WebhookDelivery = {
  id: 77,
  message_id: 'msg_12',
  event_type: 'order.status_changed',
  subject: 'order:3',
  state: 'failed',
  attempts: 10,
  last_status: 503,
  last_error: 'HTTP 503: down',
  last_duration_ms: 42,
  last_attempt_at: '2026-11-20T09:00:00.000Z',
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-19T09:00:00.000Z',
};

const api = () =>
  fakeApi({
    'GET /api/webhooks/': () => ({ status: 200, body: [endpoint(), disabled] }),
    'GET /api/locations/': () => apiPage([{ id: 2, description: 'Tienda Madrid Centro' }]),
    'POST /api/webhooks/': (body) => ({ status: 201, body: { ...endpoint({ id: 3, ...(body as object) }), secret: SECRET } }),
    'POST /api/webhooks/2/enable/': () => ({ status: 200, body: { ...disabled, enabled: true, disabled_reason: null } }),
    'GET /api/webhooks/2/deliveries/': () => apiPage([delivery]),
    'POST /api/webhooks/2/deliveries/77/replay/': () => ({ status: 200, body: { replayed: 1 } }),
  });

describe('WebhooksPage', () => {
  cleanAfterEach();

  it('es: lists the endpoints; a disabled one says why and "Activar" enables it', async () => {
    const calls = api();
    await renderApp(<WebhooksPage />, { language: 'es', role: 1, namespaces: ['webhooks'] });
    const cards = await screen.findAllByTestId('webhook-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('https://erp.example.com/hooks/rfid')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('Estado de órdenes y cajas')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByTestId('webhook-card-state').textContent).toBe('Desactivado');
    expect(within(cards[1] as HTMLElement).getByTestId('webhook-card-disabled-reason').textContent).toContain(
      '5 deliveries in a row failed after every attempt',
    );
    await userEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/webhooks/2/enable/')).toBe(true));
  });

  it('en: a new webhook needs an http(s) URL and an event type; saved, its secret is shown once', async () => {
    const calls = api();
    await renderApp(<WebhooksPage />, { language: 'en', role: 2, namespaces: ['webhooks'] });
    await userEvent.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByTestId('webhook-dialog');
    await userEvent.type(within(dialog).getByTestId('webhook-url'), 'ftp://nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an http:// or https:// address without user or password.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event type.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByTestId('webhook-url'));
    await userEvent.type(within(dialog).getByTestId('webhook-url'), 'https://partner.example.com/in');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Exit alarms' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Item moves (EPCIS events)' }));
    await userEvent.type(within(dialog).getByTestId('webhook-locations'), 'Madrid');
    await userEvent.click(await screen.findByRole('option', { name: 'Tienda Madrid Centro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secretDialog = await screen.findByTestId('webhook-secret-dialog');
    expect(within(secretDialog).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(within(secretDialog).getByText('Keep this secret now: it will not be shown again.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/webhooks/')?.body).toEqual({
      url: 'https://partner.example.com/in',
      description: '',
      event_types: ['epcis.event', 'exit_alarm.changed'],
      location_ids: [2],
      enabled: true,
    });
  });

  it('en: the delivery log shows the failed delivery and its error; "Send again" replays it', async () => {
    const calls = api();
    await renderApp(<WebhooksPage />, { language: 'en', role: 1, namespaces: ['webhooks'] });
    const cards = await screen.findAllByTestId('webhook-card');
    await userEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByTestId('webhook-deliveries-dialog');
    expect((await within(log).findAllByTestId('webhook-delivery-error'))[0]?.textContent).toBe('HTTP 503: down');
    await userEvent.click(within(log).getAllByRole('button', { name: 'Send again: msg_12' })[0] as HTMLElement);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/webhooks/2/deliveries/77/replay/')).toBe(true),
    );
  });

  it('a store manager (role 3) may not manage webhooks', async () => {
    api();
    await renderApp(<WebhooksPage />, { language: 'es', role: 3, namespaces: ['webhooks'] });
    expect((await screen.findByTestId('not-allowed')).textContent).toBe('Solo los administradores gestionan los webhooks.');
  });
});
