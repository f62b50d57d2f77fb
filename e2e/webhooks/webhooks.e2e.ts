import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitsPhone, MOBILE, openPage, type Place, phoneShot, poll, rowOf, screenshot, useBrowser } from '../support/browser';
import { type Api, demoWorld } from '../support/journey-api';
import { demoReader, readSet } from '../support/readers';

/**
 * Outbound webhooks (issue 27): the administrator adds an endpoint on the admin page, keeps its secret (shown once),
 * sends a test and sees an exit alarm of the store arrive at a real receiver that verifies every signature with the
 * `standardwebhooks` package; then, with the receiver answering 503, a delivery fails and is replayed from the log on a
 * phone. Spanish at 1280 px with the menu open, English at 390 px.
 */

const DESKTOP_1280 = { width: 1280, height: 900 };
type Item = { epc: string };
type Received = { id: string; type: string; data: Record<string, unknown> };

describe('webhooks: an endpoint gets signed events; a failed delivery is replayed from the log', () => {
  const browser = useBrowser();
  const gate = demoReader('EXIT-T01-01');
  let api: Api;
  let store: Place;
  let stock: string[] = [];
  let server: Server;
  let url = '';
  let secret = '';
  let isUnavailable = false;
  const received: Received[] = [];
  const rejected: string[] = [];

  beforeAll(async () => {
    ({ api, store } = await demoWorld(1));
    const items = await api<{ results: Item[] }>('GET', `/items/?location=${store.id}&state=0&limit=10&order_by=id`);
    stock = items.json.results.map((row) => row.epc);
    expect(stock.length).toBeGreaterThanOrEqual(2);
    // The receiver: verifies each request with the secret the page showed; 503 while unavailable.
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        if (isUnavailable) {
          response.writeHead(503).end('maintenance');
          return;
        }
        const headers = {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        };
        try {
          const payload = new Webhook(secret).verify(body, headers) as { type: string; data: Record<string, unknown> };
          received.push({ id: headers['webhook-id'], type: payload.type, data: payload.data });
          response.writeHead(204).end();
        } catch {
          rejected.push(headers['webhook-id']);
          response.writeHead(401).end('bad signature');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rfid`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('es, 1280 px with the menu open: a new webhook, its secret once, a test and an exit alarm delivered signed', async () => {
    const { page, context } = await openPage(browser(), { at: store, viewport: DESKTOP_1280 });
    await page.goto('/administrador/webhooks');
    await page.getByTestId('webhooks-page').waitFor();
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill(url);
    await dialog.getByTestId('webhook-description').fill('Receptor de prueba');
    await dialog.getByRole('checkbox', { name: 'Alarmas de salida' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const secretDialog = page.getByTestId('webhook-secret-dialog');
    secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secret-es');
    await secretDialog.getByRole('button', { name: 'Hecho' }).click();

    const card = page.getByTestId('webhook-card').filter({ hasText: url });
    await card.getByRole('button', { name: 'Enviar prueba' }).click();
    await poll(() => received.map((r) => r.type)).toContain('webhook.test');

    const [epc] = stock.splice(0, 1) as [string];
    expect((await readSet(gate, { epcs: [epc] })).claimed_by).toBe('exit-gate');
    await poll(() => received.filter((r) => r.type === 'exit_alarm.changed').map((r) => r.data.alarm)).toEqual([
      expect.objectContaining({ epc, status: 'open', location: store.id }),
    ]);
    expect(rejected).toEqual([]);

    await card.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByTestId('webhook-deliveries-dialog');
    const row = rowOf(log.getByTestId('webhook-deliveries-table'), 'exit_alarm.changed');
    await poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Entregado');
    await screenshot(page, 'webhooks-log-es');
    await context.close();
  });

  it('en, 390 px: with the receiver down a delivery fails; "Send again" in the log delivers it', async () => {
    isUnavailable = true;
    const [epc] = stock.splice(0, 1) as [string];
    expect((await readSet(gate, { epcs: [epc] })).claimed_by).toBe('exit-gate');
    const endpoints = await api<Array<{ id: number; url: string }>>('GET', '/webhooks/');
    const id = endpoints.json.find((e) => e.url === url)?.id;
    // Two quick attempts (the journeys' server: WEBHOOK_MAX_ATTEMPTS=2), then failed.
    await poll(
      async () =>
        (await api<{ results: Array<{ state: string }> }>('GET', `/webhooks/${id}/deliveries/?state=failed`)).json.results.length,
    ).toBe(1);
    isUnavailable = false;

    const { page, context } = await openPage(browser(), { at: store, viewport: MOBILE, language: 'en' });
    await page.goto('/administrador/webhooks');
    const card = page.getByTestId('webhook-card').filter({ hasText: url });
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByTestId('webhook-deliveries-dialog');
    await poll(() => log.getByTestId('webhook-delivery-error').count()).toBeGreaterThan(0);
    expect(await log.getByTestId('webhook-delivery-error').first().textContent()).toBe('HTTP 503: maintenance');
    await phoneShot(page, 'webhooks-log-failed-en');
    await log.getByTestId('webhook-delivery-replay').first().click();
    await poll(() =>
      received.filter((r) => r.type === 'exit_alarm.changed').map((r) => (r.data.alarm as { epc: string }).epc),
    ).toContain(epc);
    await fitsPhone(page);
    await context.close();
  });
});
