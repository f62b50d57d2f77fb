// @vitest-environment jsdom
import type { PrintOrder, ReplaceVoidedLabelsAnswer, VoidedLabel } from '@rfid/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, fakeApi, renderApp } from '../../../test/render-app';
import { VoidedChip } from './voided-chip';
import { VoidedLabelsSection } from './voided-labels-section';

/**
 * The voided labels of a print order on its detail page, and their chip in the list (issue 25, item 7), rendered with
 * Testing Library against a fake API (fetch): the texts are the ones a user reads, written out here.
 */

const order = (fields: Partial<PrintOrder> = {}): PrintOrder => ({
  id: 7,
  name: 'Camisetas',
  location: [],
  brand: null,
  creation_date: '2026-11-28T10:00:00.000Z',
  tag_company_format: { id: 1, tag_type: { id: 1, reference: 'ZT411' }, tag_format: { id: 1, description: 'Colgante' } },
  state: 'PRINTED',
  total_quantity: 5,
  from_label: 6,
  progress: 3,
  canceled: false,
  printer: { id: 3, description: 'ZT411 almacén' },
  source: 'manual',
  contents_count: 1,
  error: null,
  voided_labels: 2,
  replaced_labels: 0,
  ...fields,
});

const voided = (fields: Partial<VoidedLabel> & Pick<VoidedLabel, 'id' | 'label_number' | 'epc' | 'reason'>): VoidedLabel => ({
  gtin: '08437012100008',
  serial_number: String(fields.label_number),
  voided_at: '2026-11-28T10:05:00.000Z',
  printer: { id: 3, description: 'ZT411 almacén' },
  replacement: null,
  ...fields,
});

const EPC_2 = '303602F45009C40000000002';
const EPC_4 = '303602F45009C40000000004';
const NEW_EPC_6 = '303602F45009C40000000006';
const NEW_EPC_7 = '303602F45009C40000000007';

/** Renders `ui` in `language` for a user of `role` (known from the start, as the signed-in shell has it). */

const renderIn = (language: 'es' | 'en', ui: ReactNode, role = 4) => renderApp(ui, { language, role, namespaces: ['printing'] });

describe('VoidedLabelsSection', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  cleanAfterEach();

  it('es: counts the voided labels, shows each EPC with its reason in words, and "Imprimir reposiciones (2)" makes them and opens the print dialog', async () => {
    const answer: ReplaceVoidedLabelsAnswer = {
      order: order({ state: 'PARTIAL', total_quantity: 7, from_label: 6, replaced_labels: 2 }),
      created: 2,
      replacements: [
        { replaced: { id: 12, label_number: 2, epc: EPC_2 }, replacement: { id: 16, label_number: 6, epc: NEW_EPC_6 } },
        { replaced: { id: 14, label_number: 4, epc: EPC_4 }, replacement: { id: 17, label_number: 7, epc: NEW_EPC_7 } },
      ],
    };
    const calls = fakeApi({
      'GET /api/printer/print_orders/7/voided/': () =>
        apiPage([
          voided({ id: 12, label_number: 2, epc: EPC_2, reason: 'unconfirmed' }),
          voided({ id: 14, label_number: 4, epc: EPC_4, reason: 'encode_failed' }),
        ]),
      'POST /api/printer/print_orders/7/replacements/': () => ({ status: 201, body: answer }),
      'GET /api/printer/printers/': () => apiPage([]),
    });
    await renderIn('es', <VoidedLabelsSection order={order()} />);

    expect(screen.getByTestId('voided-title').textContent).toBe('2 etiquetas anuladas');
    expect(screen.getByTestId('voided-pending').textContent).toContain('2 etiquetas anuladas no tienen reposición');
    const rows = await screen.findAllByTestId('paged-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('voided-epc').textContent).toBe(EPC_2);
    expect(within(first).getByTestId('voided-reason').textContent).toBe(
      'Sin confirmar: puede haberse impreso y codificado; retírela si aparece',
    );
    expect(within(second).getByTestId('voided-epc').textContent).toBe(EPC_4);
    expect(within(second).getByTestId('voided-reason').textContent).toBe(
      'No se pudo codificar: la impresora imprimió VOID encima; deséchela',
    );
    expect(within(first).getByTestId('voided-replacement').textContent).toBe('Sin reposición');
    expect(within(first).getByText('ZT411 almacén')).toBeTruthy();

    const button = await screen.findByRole('button', { name: 'Imprimir reposiciones (2)' });
    await userEvent.click(button);
    const dialog = await screen.findByTestId('print-dialog');
    // The dialog is on the order as the replacements left it: 7 labels, the next one the first replacement.
    expect(within(dialog).getByText('Camisetas: 7 etiquetas, 3 impresas; la siguiente es la 6.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/printer/print_orders/7/replacements/', body: {} },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('notifier').textContent).toBe('2 reposiciones creadas con EPC nuevos: elija la impresora.'),
    );
  });

  it('en: every voided label replaced: their replacements listed; the one left to print is printed, none made', async () => {
    fakeApi({
      'GET /api/printer/print_orders/7/voided/': () =>
        apiPage([
          voided({
            id: 12,
            label_number: 2,
            epc: EPC_2,
            reason: 'encode_failed',
            replacement: { id: 16, label_number: 6, epc: NEW_EPC_6, printed_at: '2026-11-28T10:09:00.000Z', voided_at: null },
          }),
          voided({
            id: 14,
            label_number: 4,
            epc: EPC_4,
            reason: 'unconfirmed',
            replacement: { id: 17, label_number: 7, epc: NEW_EPC_7, printed_at: null, voided_at: null },
          }),
        ]),
    });
    await renderIn('en', <VoidedLabelsSection order={order({ total_quantity: 7, progress: 4, replaced_labels: 2 })} />);
    expect(screen.getByTestId('voided-done').textContent).toBe('All 2 voided labels have their replacement.');
    const rows = await screen.findAllByTestId('paged-row');
    expect(within(rows[0] as HTMLElement).getByTestId('voided-reason').textContent).toBe(
      'Could not encode: the printer printed VOID over it; throw it away',
    );
    expect(within(rows[0] as HTMLElement).getByTestId('voided-replacement').textContent).toBe(`No. 6 · printed${NEW_EPC_6}`);
    expect(within(rows[1] as HTMLElement).getByTestId('voided-replacement').textContent).toBe(`No. 7 · to print${NEW_EPC_7}`);
    // One label left (the replacement not printed yet): the dialog opens on it, nothing new is made.
    expect(await screen.findByRole('button', { name: 'Print the label left (1)' })).toBeTruthy();
    expect(screen.queryByTestId('voided-replace')).toBeNull();
  });

  it('a refused replacement shows the server’s reason and opens no dialog; a visualizer (role 5) gets no button', async () => {
    fakeApi({
      'GET /api/printer/print_orders/7/voided/': () =>
        apiPage([voided({ id: 12, label_number: 2, epc: EPC_2, reason: 'unconfirmed' })]),
      'POST /api/printer/print_orders/7/replacements/': () => ({
        status: 409,
        body: { message: 'La orden ya se está imprimiendo.', code: 'print.printing_already' },
      }),
    });
    await renderIn('es', <VoidedLabelsSection order={order({ voided_labels: 1 })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Imprimir reposición (1)' }));
    expect((await screen.findByTestId('form-alert-error')).textContent).toBe('La orden ya se está imprimiendo.');
    expect(screen.queryByTestId('print-dialog')).toBeNull();
    cleanup();

    fakeApi({
      'GET /api/printer/print_orders/7/voided/': () =>
        apiPage([voided({ id: 12, label_number: 2, epc: EPC_2, reason: 'unconfirmed' })]),
    });
    await renderIn('es', <VoidedLabelsSection order={order({ voided_labels: 1 })} />, 5);
    await screen.findAllByTestId('paged-row');
    expect(screen.queryByRole('button', { name: /Imprimir/ })).toBeNull();
  });

  it('shows nothing for an order without voided labels', async () => {
    fakeApi({});
    const { container } = await renderIn('es', <VoidedLabelsSection order={order({ voided_labels: 0 })} />);
    expect(container.textContent).toBe('');
  });
});

describe('VoidedChip', () => {
  afterEach(() => {
    cleanup();
  });

  it('es: a warning while voided labels have no replacement, a quiet chip once they all have, nothing without any', async () => {
    await renderIn('es', <VoidedChip order={order()} />);
    const chip = screen.getByTestId('print-order-voided');
    expect(chip.textContent).toBe('2 anuladas');
    expect(chip.getAttribute('data-pending')).toBe('2');
    expect(chip.getAttribute('href')).toBe('/bionix-printer/print/7/detail');
    cleanup();
    await renderIn('es', <VoidedChip order={order({ replaced_labels: 2 })} />);
    expect(screen.getByTestId('print-order-voided').textContent).toBe('2 anuladas · repuestas');
    cleanup();
    await renderIn('en', <VoidedChip order={order({ voided_labels: 1 })} />);
    expect(screen.getByTestId('print-order-voided').textContent).toBe('1 voided');
    cleanup();
    const { container } = await renderIn('es', <VoidedChip order={order({ voided_labels: 0 })} />);
    expect(container.textContent).toBe('');
  });
});
