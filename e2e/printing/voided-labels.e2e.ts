import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrinterSimulator } from '../../tools/printer-simulator/src/printer-simulator';
import { axeViolations } from '../routes/axe';
import { fitsPhone, MOBILE, openPage, phoneShot, poll, rowOf, screenshot, tableFits, useBrowser } from '../support/browser';
import type { Api } from '../support/journey-api';
import { demoWorldWithPrinter } from '../support/printers';
import { macOf } from '../support/readers';

/**
 * Voided labels are visible (issue 25, item 7): an order printed on the printer simulator, two of whose encodes fail
 * for real (the printer prints VOID over them and reports it), is PRINTED with a warning chip in the list; its detail
 * lists the two voided labels with their EPCs and why; "Imprimir reposiciones (2)" makes two labels with new EPCs and
 * prints them; every label's EPC is encoded once and the order ends PRINTED. Spanish at 1280 px with the menu open,
 * English at 390 px.
 */

const RUN = Date.now() % 1_000_000;
const NAME = `PRN-VOID-${RUN}`;
const DESKTOP_1280 = { width: 1280, height: 900 };

type Order = {
  id: number;
  name: string;
  state: string;
  progress: number;
  total_quantity: number;
  voided_labels: number;
  replaced_labels: number;
};
type Tag = {
  label_number: number;
  item: { epc: string };
  printed_at: string | null;
  voided_at: string | null;
  replaces_label: number | null;
};

/** Picks an option of an MUI select (a combobox with its label). */
const choose = async (page: Page, label: RegExp, option: RegExp) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
};

describe('voided labels: seen on the print order, replaced with new EPCs and printed', () => {
  const browser = useBrowser();
  let api: Api;
  let simulator: PrinterSimulator;
  let printer = { id: 0, description: '' };
  let center = { id: 0, description: '' };
  let gtins: string[] = [];
  let formatId = 0;
  let order: Order;

  const orderNow = async (id: number) => (await api<Order>('GET', `/printer/print_orders/${id}/`)).json;
  const labelsOf = async (id: number) =>
    (await api<{ results: Tag[] }>('GET', `/printer/print_orders/${id}/items/?limit=1000`)).json.results;
  /** An order of `quantity` labels printed on the simulator, the encodes of labels `failing` failing: PRINTED. */
  const printedWithFailures = async (name: string, gtin: string, quantity: number, failing: number[]) => {
    const created = await api<Order>('POST', '/printer/print_orders/', {
      tag_company_format: formatId,
      name,
      items: [{ gtin, quantity }],
    });
    expect(created.status).toBe(201);
    const before = simulator.received();
    simulator.setMode({ printMs: 20, failFormats: failing.map((n) => before + n) });
    expect((await api('POST', '/printer/print/', { print_order: created.json.id, printer: printer.id })).status).toBe(202);
    await poll(async () => (await orderNow(created.json.id)).state, { timeout: 30_000 }).toBe('PRINTED');
    simulator.setMode({ failFormats: [] });
    return orderNow(created.json.id);
  };

  beforeAll(async () => {
    ({ api, center, gtins, simulator, printer, formatId } = await demoWorldWithPrinter(2, {
      printMs: 20,
      // Not a word of the Spanish catalogue: the every-route walk in English reads this printer's name on its pages.
      description: `Simulador VOID ${RUN}`,
      mac: macOf(RUN, 0x92),
    }));
  });
  afterAll(async () => {
    await simulator?.close();
  });

  it('es, 1280 px with the menu open: the chip in the list, the voided labels with their reason, their replacements printed', async () => {
    simulator.reset();
    // Labels 2 and 4 of 5 cannot be encoded: VOID printed over them, the order PRINTED with 2 voided.
    order = await printedWithFailures(NAME, gtins[0] as string, 5, [2, 4]);
    expect(order).toMatchObject({ state: 'PRINTED', progress: 3, voided_labels: 2, replaced_labels: 0, total_quantity: 5 });
    const before = await labelsOf(order.id);
    const voidedEpcs = [before[1]?.item.epc, before[3]?.item.epc];
    expect(simulator.encoded).toEqual([0, 2, 4].map((n) => before[n]?.item.epc));

    const { page, context } = await openPage(browser(), { at: center, viewport: DESKTOP_1280 });
    await page.goto('/bionix-printer/orders');
    const row = rowOf(page.getByTestId('print-orders'), NAME);
    await poll(() => row.count()).toBe(1);
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true);
    const chip = row.getByTestId('print-order-voided');
    expect(await row.getByTestId('print-order-state').getAttribute('data-state')).toBe('PRINTED');
    expect(await chip.textContent()).toBe('2 anuladas');
    await tableFits(page, 'print-orders');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'printing-voided-chip-es');

    // The chip opens the order's labels: the voided ones first, with why in words.
    await chip.click();
    await page.waitForURL(`**/print/${order.id}/detail`);
    const section = page.getByTestId('voided-labels');
    await poll(() => section.getByTestId('voided-title').textContent()).toBe('2 etiquetas anuladas');
    const voidedRows = section.getByTestId('paged-row');
    await poll(() => voidedRows.count()).toBe(2);
    expect(await voidedRows.getByTestId('voided-epc').allTextContents()).toEqual(voidedEpcs);
    expect(await voidedRows.getByTestId('voided-reason').allTextContents()).toEqual([
      'No se pudo codificar: la impresora imprimió VOID encima; deséchela',
      'No se pudo codificar: la impresora imprimió VOID encima; deséchela',
    ]);
    expect(await voidedRows.first().textContent()).toContain(printer.description);
    await tableFits(page, 'voided-table');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'printing-voided-detail-es');

    // Print replacements (2): two labels with new EPCs, then the print dialog on them.
    simulator.reset();
    await section.getByRole('button', { name: 'Imprimir reposiciones (2)' }).click();
    const dialog = page.getByTestId('print-dialog');
    await poll(() => dialog.textContent()).toContain('7 etiquetas, 3 impresas; la siguiente es la 6.');
    await choose(page, /Impresora/, new RegExp(`Simulador VOID ${RUN}`));
    await screenshot(page, 'printing-voided-print-es');
    await dialog.getByTestId('print-submit').click();
    await poll(() => page.getByTestId('verify-printer-text').textContent()).toContain('etiquetas 6 a 7');
    await page.getByTestId('verify-yes').click();

    // The page follows the job: PRINTED, each replacement printed.
    await poll(() => page.getByTestId('print-header-state').textContent(), { timeout: 30_000 }).toBe('Impresa');
    await poll(() =>
      section.getByTestId('voided-replacement').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state'))),
    ).toEqual(['printed', 'printed']);
    expect(await section.getByTestId('voided-done').textContent()).toBe('Las 2 etiquetas anuladas ya tienen su reposición.');
    expect(await section.getByRole('button', { name: /Imprimir/ }).count()).toBe(0);
    expect(await page.getByTestId('print-header-voided').textContent()).toContain('2 repuestas con EPC nuevos');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'printing-voided-done-es');

    // Every label's EPC encoded once: the three first ones before, the two replacements now; the voided ones never.
    const after = await labelsOf(order.id);
    expect(after).toHaveLength(7);
    expect(after.slice(5).map((l) => l.replaces_label)).toEqual([2, 4]);
    const printedEpcs = after.filter((l) => l.printed_at).map((l) => l.item.epc);
    expect(printedEpcs).toHaveLength(5);
    const encoded = [...[0, 2, 4].map((n) => before[n]?.item.epc), ...simulator.encoded];
    expect([...encoded].sort()).toEqual([...printedEpcs].sort());
    expect(new Set(encoded).size).toBe(encoded.length);
    for (const epc of voidedEpcs) expect(encoded).not.toContain(epc);
    expect(simulator.encoded).toEqual(after.slice(5).map((l) => l.item.epc));
    expect(await orderNow(order.id)).toMatchObject({
      state: 'PRINTED',
      total_quantity: 7,
      progress: 5,
      voided_labels: 2,
      replaced_labels: 2,
    });

    // Back in the list: the chip says they are replaced.
    await page.getByTestId('go-back').click();
    await page.waitForURL('**/bionix-printer/orders');
    await poll(() => rowOf(page.getByTestId('print-orders'), NAME).getByTestId('print-order-voided').textContent()).toBe(
      '2 anuladas · repuestas',
    );
    await context.close();
  });

  it('en at 390 and 1280 px, es at 390 px: the chip on the card, the voided label and its button fit', async () => {
    simulator.reset();
    const name = `${NAME}-en`;
    const waiting = await printedWithFailures(name, gtins[1] as string, 3, [3]);
    const { page, context } = await openPage(browser(), { at: center, language: 'en', viewport: MOBILE });
    await page.goto('/bionix-printer/orders');
    const card = rowOf(page.getByTestId('print-orders-cards'), name);
    await poll(() => card.getByTestId('print-order-voided').textContent()).toBe('1 voided');
    await phoneShot(page, 'printing-voided-chip-en-mobile');
    await page.goto(`/bionix-printer/print/${waiting.id}/detail`);
    const section = page.getByTestId('voided-labels');
    await poll(() => section.getByTestId('voided-reason').first().textContent()).toBe(
      'Could not encode: the printer printed VOID over it; throw it away',
    );
    expect(await section.getByRole('button', { name: 'Print replacement (1)' }).isVisible()).toBe(true);
    await fitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'printing-voided-detail-en-mobile');
    await context.close();

    // The same order in English at 1280 px, and in Spanish at 390 px.
    const desktop = await openPage(browser(), { at: center, language: 'en', viewport: DESKTOP_1280 });
    await desktop.page.goto(`/bionix-printer/print/${waiting.id}/detail`);
    await poll(() => desktop.page.getByTestId('voided-pending').textContent()).toBe(
      '1 voided label has no replacement: press “Print replacement” to make it with a new EPC and print it.',
    );
    await tableFits(desktop.page, 'voided-table');
    await screenshot(desktop.page, 'printing-voided-detail-en');
    await desktop.context.close();
    const phone = await openPage(browser(), { at: center, viewport: MOBILE });
    await phone.page.goto(`/bionix-printer/print/${waiting.id}/detail`);
    await poll(() => phone.page.getByTestId('voided-replace').textContent()).toBe('Imprimir reposición (1)');
    await fitsPhone(phone.page);
    await screenshot(phone.page, 'printing-voided-detail-es-mobile');
    await phone.context.close();
  });
});
