// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aTagCompanyFormat } from '../../test/fixtures';
import { type ApiAnswer, type ApiCall, apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../test/render-app';
import { CreateManualPage } from './create-manual-page';

/**
 * The manual print order form (spec section 2) against a fake API: what it says when a field is missing or wrong (es and
 * en) and sends nothing, the print order body it POSTs, the rows the server did not find, and a scan filling a row.
 */
const ORDERS = '/api/printer/print_orders/';
const format = aTagCompanyFormat();
const tagType = format.tag_type;

const serve = (create: (body: unknown) => ApiAnswer = () => ({ status: 201, body: { id: 77 } })) =>
  fakeApi({
    'GET /api/tag_types/': () => apiPage([tagType]),
    'GET /api/printer/tag_company_format/': () => apiPage([format]),
    'GET /api/types/': () => apiPage([]),
    [`POST ${ORDERS}`]: create,
  });

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === ORDERS).map((c) => c.body);

/** Types `text` into `field` in one input event (a scan or a paste: far fewer renders than key by key). */
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};

/** Tag type then format, through their selects as a user picks them. */
const chooseFormat = async (typeLabel: RegExp, formatLabel: RegExp) => {
  await userEvent.click(await screen.findByRole('combobox', { name: typeLabel }, FIRST_LOAD));
  await userEvent.click(await screen.findByRole('option', { name: '3 · UHF-96' }));
  await userEvent.click(screen.getByRole('combobox', { name: formatLabel }));
  await userEvent.click(await screen.findByRole('option', { name: 'Etiqueta colgante' }));
};

describe('CreateManualPage', () => {
  cleanAfterEach();

  it('es: an empty form names the tag type, the format and the GTIN it lacks, and sends nothing', async () => {
    const calls = serve();
    await renderApp(<CreateManualPage />, { language: 'es', role: 4, namespaces: ['printing', 'catalog'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Generar orden' }, FIRST_LOAD));
    expect(await screen.findByText('Seleccione un tipo de etiqueta')).toBeTruthy();
    expect(screen.getByText('Seleccione un formato de etiqueta')).toBeTruthy();
    expect(screen.getByText('Introduzca un GTIN')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('en: a quantity out of range is refused with its rule; fixed, the order is POSTed with every row', async () => {
    const calls = serve();
    await renderApp(<CreateManualPage />, { language: 'en', role: 4, namespaces: ['printing', 'catalog'] });
    await chooseFormat(/Tag type/, /Tag format/);
    await fill(screen.getByTestId('manual-name'), '  Week 48 ');
    await fill(screen.getByTestId('manual-gtin-0'), '08437012100008');
    const quantity = screen.getByTestId('manual-quantity-0');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Generate order' }));
    expect(await screen.findByText('From 1 to 100000')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await fill(await screen.findByTestId('manual-gtin-1'), ' 4006381333931 ');
    await userEvent.click(screen.getByRole('button', { name: 'Generate order' }));
    expect(await screen.findByText('Print order 77 added')).toBeTruthy();
    expect(posts(calls)).toEqual([
      {
        tag_company_format: 11,
        name: 'Week 48',
        items: [
          { gtin: '08437012100008', quantity: 3 },
          { gtin: '4006381333931', quantity: 1 },
        ],
      },
    ]);
    expect(screen.getByTestId('created-order-link').textContent).toBe('See the contents of order 77');
    // The form starts again with its format: one empty row, no name.
    expect(screen.getAllByTestId('manual-row')).toHaveLength(1);
    expect((screen.getByTestId('manual-gtin-0') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('manual-name') as HTMLInputElement).value).toBe('');
    // The longest flow of the file: on a loaded machine (every component test in one run) it needs more than 30 s.
  }, 60_000);

  it('es: the row the server did not find is flagged and the order is said not to exist', async () => {
    serve(() => ({
      status: 400,
      body: { message: 'Missing', code: 'print.missing_gtin', errors: { 'items.1.gtin': ['Not found'] } },
    }));
    await renderApp(<CreateManualPage />, { language: 'es', role: 4, namespaces: ['printing', 'catalog'] });
    await chooseFormat(/Tipo de etiqueta/, /Formato de etiqueta/);
    await fill(screen.getByTestId('manual-gtin-0'), '08437012100008');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir línea' }));
    await fill(await screen.findByTestId('manual-gtin-1'), '08437012199999');
    await userEvent.click(screen.getByRole('button', { name: 'Generar orden' }));
    expect(await screen.findByText('No se ha podido crear la orden. Uno de los artículos no existe.')).toBeTruthy();
    const rows = screen.getAllByTestId('manual-row');
    expect(within(rows[1] as HTMLElement).getByText('Este artículo no existe')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByText('Este artículo no existe')).toBeNull();
  });

  it('en: a GS1 scan fills the empty row and says so; a reading without a GTIN is refused', async () => {
    serve();
    await renderApp(<CreateManualPage />, { language: 'en', role: 4, namespaces: ['printing', 'catalog'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Scan' }, FIRST_LOAD));
    expect(await screen.findByTestId('scanner-ready')).toBeTruthy();
    await userEvent.keyboard('(01)09506000134352(21)12345{Enter}');
    await waitFor(() => expect((screen.getByTestId('manual-gtin-0') as HTMLInputElement).value).toBe('09506000134352'));
    expect(screen.getByTestId('scan-success').textContent).toContain('GTIN 09506000134352 read');

    screen.getByTestId('manual-scan-input').focus();
    await userEvent.keyboard('hello{Enter}');
    expect((await screen.findByTestId('scan-error')).textContent).toContain('“hello” is not a GS1 code with a GTIN (AI 01)');
    expect(screen.getAllByTestId('manual-row')).toHaveLength(1);
  });
});
