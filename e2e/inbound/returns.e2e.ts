import { beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, openPage, type PageOptions, type Place, phoneShot, poll, screenshot, useBrowser } from '../support/browser';
import { typeDate } from '../support/date-field';
import { type Api, boxPlan, createOnlineOrder, createPurchaseOrder, demoWorld, sgtin96 } from '../support/journey-api';
import { simulate } from '../support/readers';

/** Text as shown, without bidirectional isolation marks. */
const visible = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

/**
 * Provider and sale returns as docs/design/returns.md makes them: the Madrid exit portal reads
 * goods with the code of a purchase order received there (or one of its boxes' barcode), and the
 * Madrid entry tunnel reads a parcel with the code of an online order shipped from there. The
 * lists filter by code and arrival date; the details list the lines per GTIN.
 */

const RUN = Date.now() % 1_000_000;
const ORDER_CODE = `E2E-RET-PO-${RUN}`;
const BOX = `E2E-RET-BOX-${RUN}`;
const ONLINE_CODE = `E2E-RET-WEB-${RUN}`;

describe('provider returns and sale returns', () => {
  const browser = useBrowser();
  let api: Api;
  let center: Place = { id: 0, description: '' };
  let provider = { id: 0, name: '' };
  let gtins: string[] = [];
  let orderId = 0;
  let saleReturnId = 0;

  beforeAll(async () => {
    ({ api, center, provider, gtins } = await demoWorld(2));
    const [g1, g2] = gtins as [string, string];
    ({ orderId } = await createPurchaseOrder(api, {
      code: ORDER_CODE,
      destinationId: center.id,
      providerId: provider.id,
      boxes: [boxPlan(BOX, [g1, 2], [g2, 1])],
    }));
    const serial = 900_000_000 + RUN * 10;
    const received = [sgtin96(g1, serial), sgtin96(g1, serial + 1), sgtin96(g2, serial + 2)];
    await simulate('TUN-MAD-01', BOX, received);
    // Two provider returns: by the order's code (two tags) and by the box's barcode (one tag).
    await simulate('POR-MAD-EXP', ORDER_CODE, received.slice(0, 2));
    await simulate('POR-MAD-EXP', BOX, received.slice(2));
    // A sale return: an online order of the center comes back through the entry tunnel.
    await createOnlineOrder(api, { code: ONLINE_CODE, originId: center.id, boxes: [] });
    await simulate('TUN-MAD-01', ONLINE_CODE, [sgtin96(g1, serial + 3), sgtin96(g2, serial + 4)]);
    const sales = await api<{ results: Array<{ id: number; code: string }> }>(
      'GET',
      `/locations/${center.id}/sale_returns/?code__icontains=${ONLINE_CODE}`,
    );
    saleReturnId = sales.json.results[0]?.id ?? 0;
    expect(saleReturnId).toBeGreaterThan(0);
  });

  const open = (options: PageOptions = {}) => openPage(browser(), { at: center, ...options });

  it('es: the provider returns list filters by code and by arrival date', async () => {
    const { page, context } = await open();
    await page.goto('/dashboard');
    await page.getByTestId('side-menu').getByText('Devoluciones a proveedor').click();
    await page.waitForURL('**/inbound/returns');
    await page.getByTestId('filter-code__icontains').fill(`${RUN}`);
    const rows = page.getByTestId('provider-returns').getByTestId('paged-row');
    await poll(() => rows.count()).toBe(2);
    const byBox = rows.filter({ hasText: BOX });
    expect(await byBox.getByTestId('return-order').textContent()).toBe(ORDER_CODE);
    expect(await byBox.getByTestId('return-provider').textContent()).toBe(provider.name);
    await screenshot(page, 'inbound-returns-filtered-es');
    await page.getByTestId('filter-code__icontains').fill(BOX);
    await poll(() => rows.count()).toBe(1);
    // A range in the past finds nothing.
    // Typed day first (DD/MM/YYYY), as the Spanish UI shows dates; the range goes to the server as before.
    await typeDate(page.getByTestId('date-start'), '01/01/2020');
    await typeDate(page.getByTestId('date-end'), '31/01/2020');
    // What the Spanish user sees in the field: day, month, year (the sections' text, not only the hidden value).
    expect(visible(await page.getByTestId('date-end').locator('.MuiPickersSectionList-root').textContent())).toBe('31/01/2020');
    expect(visible(await page.getByTestId('date-start').locator('.MuiPickersSectionList-root').textContent())).toBe('01/01/2020');
    await poll(() => page.getByTestId('paged-empty').textContent()).toBe('No hay devoluciones en este periodo');
    await context.close();
  });

  it('es: a provider return detail lists its lines per GTIN and links to the order and the provider', async () => {
    const { page, context } = await open();
    await page.goto('/inbound/returns');
    const row = page.getByTestId('provider-returns').getByTestId('paged-row').filter({ hasText: BOX });
    await poll(() => row.count()).toBe(1);
    await row.getByTestId('return-link').click();
    await page.waitForURL('**/inbound/returns/*/detail');
    await poll(() => page.getByTestId('return-code').textContent()).toBe(BOX);
    expect(await page.getByTestId('return-items').textContent()).toBe('1');
    const lines = page.getByTestId('return-lines').getByTestId('paged-row');
    await poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(gtins[1]);
    expect(await page.getByTestId('return-order').getAttribute('href')).toBe(`/inbound/order/${orderId}/detail`);
    await page.getByTestId('return-provider').click();
    await page.waitForURL(`**/inbound/provider/${provider.id}/detail`);
    await context.close();
  });

  it('es and en: the sale returns list (id, code, arrival date, real items) and a detail', async () => {
    const { page, context } = await open();
    await page.goto('/dashboard');
    await page.getByTestId('side-menu').getByText('Devoluciones de venta').click();
    await page.waitForURL('**/outbound/returns');
    const row = page.getByTestId('sale-returns').getByTestId('paged-row').filter({ hasText: ONLINE_CODE });
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('return-link').textContent()).toBe(String(saleReturnId));
    expect(await row.textContent()).toMatch(/2$/);
    await screenshot(page, 'inbound-sale-returns-es');
    await row.getByTestId('return-link').click();
    await page.waitForURL(`**/outbound/returns/${saleReturnId}/detail`);
    await poll(() => page.getByTestId('return-code').textContent()).toBe(ONLINE_CODE);
    await poll(() => page.getByTestId('return-lines').getByTestId('paged-row').count()).toBe(2);
    await screenshot(page, 'inbound-sale-return-detail-es');
    await context.close();

    const english = await open({ language: 'en' });
    await english.page.goto(`/outbound/returns/${saleReturnId}/detail`);
    await poll(() => english.page.getByRole('heading', { name: `Sale return ${ONLINE_CODE}` }).count()).toBe(1);
    await poll(() => english.page.getByTestId('return-lines').getByTestId('paged-row').count()).toBe(2);
    expect(await english.page.getByTestId('return-header').textContent()).toContain('Online order');
    await screenshot(english.page, 'inbound-sale-return-detail-en');
    await english.context.close();
  });

  it('at 390 px: the lists and details are cards that fit the phone', async () => {
    const { page, context } = await open({ viewport: MOBILE });
    await page.goto('/outbound/returns');
    await poll(() =>
      page.getByTestId('sale-returns-cards').getByTestId('paged-card').filter({ hasText: ONLINE_CODE }).count(),
    ).toBe(1);
    await phoneShot(page, 'inbound-sale-returns-mobile');
    await page.goto(`/outbound/returns/${saleReturnId}/detail`);
    await poll(() => page.getByTestId('return-lines-cards').getByTestId('paged-card').count()).toBe(2);
    await phoneShot(page, 'inbound-sale-return-detail-mobile');
    await context.close();
  });

  it("a store's visualizer does not see the center's returns", async () => {
    const { page, context } = await openPage(browser(), { email: 'viewer@demo.local' });
    await page.goto(`/outbound/returns/${saleReturnId}/detail`);
    await poll(() => page.getByTestId('return-error').textContent()).toBe('No encontrado');
    expect(await page.getByTestId('return-lines').count()).toBe(0);
    await context.close();
  });
});
