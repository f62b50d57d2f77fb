// @vitest-environment jsdom
import type { Printer } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aTagCompanyFormat } from '../../test/fixtures';
import { type ApiAnswer, type ApiCall, apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../test/render-app';
import { PrintWizardDialog, type PrintWizardProps } from './print-wizard';

/**
 * The print wizard (spec section 2) against a fake API: the steps in order (Next held until each step's choice, Back one
 * step), and the requests of its three uses: the records' print order, the ticked orders' print order then its print
 * job (after the printer's verification), and the dashboard's "new order" going to the manual form.
 */
const format = aTagCompanyFormat();
const tagType = format.tag_type;
const printer: Printer = {
  id: 6,
  description: 'Zebra almacén',
  mac: '00:11:22:33:44:55',
  ip_address: '10.0.0.9',
  port: 9100,
  location_area: { id: 1, description: 'Almacén' },
  location_id: 3,
  location_description: 'T-MAD-01',
  serial_number: 'Z1',
  dpi: 203,
  version: 1,
};

const serve = (routes: Record<string, (body: unknown) => ApiAnswer> = {}) =>
  fakeApi({
    'GET /api/tag_types/': () => apiPage([tagType]),
    'GET /api/printer/tag_company_format/': () => apiPage([format]),
    'GET /api/printer/printers/': () => apiPage([printer]),
    'POST /api/printer/print_orders/': () => ({ status: 201, body: { id: 77, total_quantity: 7 } }),
    'POST /api/printer/print_orders/create_by_orders/': () => ({ status: 201, body: { id: 78, total_quantity: 12 } }),
    'POST /api/printer/print/': () => ({ status: 201, body: { id: 78 } }),
    ...routes,
  });

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map(({ path, body }) => ({ path, body }));

/** Where the wizard sent the user. */
const Where = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
};

const renderWizard = (language: 'es' | 'en', props: Partial<PrintWizardProps>) => {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const rendered = renderApp(
    <>
      <PrintWizardDialog open onClose={onClose} onDone={onDone} {...props} />
      <Where />
    </>,
    { language, role: 4, namespaces: ['printing'] },
  );
  return { rendered, onClose, onDone };
};

const nextButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const pick = async (combobox: RegExp, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('PrintWizardDialog', () => {
  cleanAfterEach();

  it('es, records: quantities, tag type, format, then "create" POSTs the order with the edited quantities', async () => {
    const calls = serve();
    const { rendered, onClose, onDone } = renderWizard('es', {
      records: [
        { gtin: '08437012100008', description: 'Camiseta', quantity: 2 },
        { gtin: '08437012100015', description: 'Pantalón', quantity: 1 },
      ],
      name: 'Orden 41',
      locations: [3],
      source: 'order',
    });
    await rendered;
    const rows = await screen.findAllByTestId('wizard-record', {}, FIRST_LOAD);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Camiseta', 'Pantalón']);
    // A quantity of 0 holds Next; 5 lets it go.
    const quantity = screen.getByTestId('wizard-quantity-0');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    expect(nextButton('Siguiente').disabled).toBe(true);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(nextButton('Siguiente'));

    expect(nextButton('Siguiente').disabled).toBe(true);
    await pick(/Tipo de etiqueta/, '3 · UHF-96');
    await userEvent.click(nextButton('Siguiente'));
    // Back returns one step, with the tag type kept.
    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(screen.getByRole('combobox', { name: /Tipo de etiqueta/ }).textContent).toBe('3 · UHF-96');
    await userEvent.click(nextButton('Siguiente'));
    await pick(/Formato de etiqueta/, 'Etiqueta colgante');
    await userEvent.click(nextButton('Siguiente'));

    await userEvent.click(screen.getByRole('radio', { name: 'Crear la orden de impresión (6 etiquetas)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear orden' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)).toEqual([
      {
        path: '/api/printer/print_orders/',
        body: {
          tag_company_format: 11,
          items: [
            { gtin: '08437012100008', quantity: 5 },
            { gtin: '08437012100015', quantity: 1 },
          ],
          name: 'Orden 41',
          locations: [3],
          source: 'order',
        },
      },
    ]);
    expect(onDone).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/-printer\/orders$/));
  });

  it('en, ticked orders: print now asks to verify the printer, then makes one order and prints it there', async () => {
    const calls = serve();
    const { rendered, onClose } = renderWizard('en', { orders: { ids: [41, 42], codes: ['PO-41', 'PO-42'] } });
    await rendered;
    await screen.findByRole('combobox', { name: /Tag type/ }, FIRST_LOAD);
    await pick(/Tag type/, '3 · UHF-96');
    await userEvent.click(nextButton('Next'));
    await pick(/Tag format/, 'Etiqueta colgante');
    await userEvent.click(nextButton('Next'));
    await userEvent.click(screen.getByRole('radio', { name: 'Create one order of the 2 orders and print it now' }));
    expect(screen.getByTestId('wizard-orders').textContent).toBe('Orders: PO-41, PO-42');
    // Print is held until a printer is chosen.
    expect(nextButton('Print').disabled).toBe(true);
    await pick(/Printer/, 'Zebra almacén · T-MAD-01');
    await userEvent.click(nextButton('Print'));

    const verify = await screen.findByTestId('verify-printer-text');
    expect(verify.textContent).toBe(
      'the expected labels of orders PO-41, PO-42 will print on “Zebra almacén” (10.0.0.9:9100, T-MAD-01). Is it the right printer, loaded with RFID labels?',
    );
    expect(posts(calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, print' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)).toEqual([
      { path: '/api/printer/print_orders/create_by_orders/', body: { orders: [41, 42], tag_company_format: 11 } },
      { path: '/api/printer/print/', body: { print_order: 78, printer: 6 } },
    ]);
  });

  it('en, records: a refused print order is told in the last step and the wizard stays open', async () => {
    serve({ 'POST /api/printer/print_orders/': () => ({ status: 400, body: { message: 'The format is not active.' } }) });
    const { rendered, onClose } = renderWizard('en', { records: [{ gtin: '08437012100008', quantity: 1 }] });
    await rendered;
    await screen.findAllByTestId('wizard-record', {}, FIRST_LOAD);
    await userEvent.click(nextButton('Next'));
    await pick(/Tag type/, '3 · UHF-96');
    await userEvent.click(nextButton('Next'));
    await pick(/Tag format/, 'Etiqueta colgante');
    await userEvent.click(nextButton('Next'));
    await userEvent.click(screen.getByRole('radio', { name: 'Create the print order (1 label)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('The format is not active.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('es, dashboard: "new order" goes to the manual form with the tag type and format chosen, sending nothing', async () => {
    const calls = serve();
    const { rendered, onClose } = renderWizard('es', {});
    await rendered;
    await screen.findByRole('combobox', { name: /Tipo de etiqueta/ }, FIRST_LOAD);
    await pick(/Tipo de etiqueta/, '3 · UHF-96');
    await userEvent.click(nextButton('Siguiente'));
    await pick(/Formato de etiqueta/, 'Etiqueta colgante');
    await userEvent.click(nextButton('Siguiente'));
    await userEvent.click(screen.getByRole('radio', { name: 'Crear una orden de impresión con este formato' }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear orden' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/orders\/add-manual\?tag_type=3&format=11$/));
    expect(onClose).toHaveBeenCalled();
    expect(posts(calls)).toEqual([]);
  });
});
