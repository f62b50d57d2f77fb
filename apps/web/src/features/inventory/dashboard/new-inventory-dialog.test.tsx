// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { anItemType } from '../../../test/fixtures';
import { type ApiCall, apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { NewInventoryDialog } from './new-inventory-dialog';

/**
 * The new inventory dialog against a fake API: the area and, for a partial inventory, a GTIN are required (es); a
 * partial inventory POSTs its area and the GTINs chosen, then its detail opens (en); the server's refusal is shown.
 */
const shirt = anItemType({ id: 9 });

const CREATE = '/api/locations/3/inventories/';
const serve = (status = 201) =>
  fakeApi({
    'GET /api/locations/3/areas/': () => apiPage([{ id: 5, description: 'Almacén tienda' }]),
    'GET /api/types/': () => apiPage([shirt]),
    [`POST ${CREATE}`]: () =>
      status === 201
        ? { status: 201, body: { id: 41 } }
        : { status, body: { message: 'Invalid', errors: { location_area: ['The area has an open inventory.'] } } },
  });

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

const renderDialog = async (language: 'es' | 'en') => {
  const onClose = vi.fn();
  await renderApp(
    <>
      <NewInventoryDialog locationId={3} open onClose={onClose} />
      <Where />
    </>,
    { language, role: 3, namespaces: ['inventory'] },
  );
  return onClose;
};

describe('NewInventoryDialog', () => {
  cleanAfterEach();

  it('es: without an area, then (with one) partial without a GTIN, it says what is missing and sends nothing', async () => {
    const calls = serve();
    await renderDialog('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir inventario' }, FIRST_LOAD));
    expect(await screen.findByText('Seleccione un área')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /Área/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Almacén tienda' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Parcial' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abrir inventario' }));
    expect(await screen.findByText('Elija al menos un GTIN')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('en: a partial inventory of one GTIN is POSTed with its area, then its detail opens', async () => {
    const calls = serve();
    const onClose = await renderDialog('en');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Area' }, FIRST_LOAD));
    await userEvent.click(await screen.findByRole('option', { name: 'Almacén tienda' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Partial' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'GTINs to count' }), 'Camisa');
    await userEvent.click(await screen.findByTestId('gtin-option'));
    expect(calls.some((c) => c.path === '/api/types/' && c.query?.includes('description__icontains=Camisa'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Open inventory' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts(calls)).toEqual([{ location_area: 5, item_types: [9] }]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/inventory/41/detail'));
  });

  it('en: a total inventory the server refuses shows its reason and stays open', async () => {
    const calls = serve(400);
    const onClose = await renderDialog('en');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Area' }, FIRST_LOAD));
    await userEvent.click(await screen.findByRole('option', { name: 'Almacén tienda' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open inventory' }));
    expect((await screen.findByTestId('new-inventory-error')).textContent).toBe('The area has an open inventory.');
    expect(posts(calls)).toEqual([{ location_area: 5 }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
