// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { LocationFormPage } from './location-form-page';

/**
 * The add location form against a fake API: an empty form names each missing field in the user's language and sends
 * nothing; a filled one POSTs the contract's body (numbers as numbers) and says the center was added.
 */
const serve = () =>
  fakeApi({
    'GET /api/brands/': () => apiPage([{ id: 2, description: 'Marca Sol' }]),
    'POST /api/locations/': (body) => ({ status: 201, body: { id: 30, ...(body as object) } }),
  });

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body);

describe('LocationFormPage (add)', () => {
  cleanAfterEach();

  it('es: an empty form names the brand, name, street, number, city and postal code it lacks; nothing is sent', async () => {
    const calls = serve();
    await renderApp(<LocationFormPage />, { language: 'es', role: 1, namespaces: ['admin'] });
    await userEvent.click(await screen.findByTestId('submit', {}, FIRST_LOAD));
    expect(await screen.findByText('Seleccione la marca')).toBeTruthy();
    for (const message of [
      'Introduzca el nombre',
      'Introduzca la calle',
      'Introduzca el número',
      'Introduzca la ciudad',
      'Introduzca el código postal',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(posts(calls)).toEqual([]);
  });

  it('en: a filled form POSTs the location with its brand and address as numbers, then says it was added', async () => {
    const calls = serve();
    await renderApp(<LocationFormPage />, { language: 'en', role: 1, namespaces: ['admin'] });
    expect(await screen.findByText('Add center', {}, FIRST_LOAD)).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /Brand/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marca Sol' }));
    await userEvent.type(screen.getByTestId('field-description'), 'Tienda Sol');
    await userEvent.type(screen.getByTestId('field-email'), 'not-an-email');
    await userEvent.type(screen.getByTestId('field-street_name'), 'Calle Mayor');
    await userEvent.type(screen.getByTestId('field-street_num'), '12');
    await userEvent.type(screen.getByTestId('field-city'), 'Madrid');
    await userEvent.type(screen.getByTestId('field-postal_code'), '28001');
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await userEvent.clear(screen.getByTestId('field-email'));
    await userEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByText('New center added')).toBeTruthy();
    const [body] = posts(calls);
    expect(body).toMatchObject({
      description: 'Tienda Sol',
      kind: 'center',
      brand: 2,
      email: '',
      floor: '1',
      address: { street_name: 'Calle Mayor', street_num: 12, city: 'Madrid', postal_code: 28001, country: 'ES' },
    });
    // A new add form after the save.
    await waitFor(() => expect((screen.getByTestId('field-description') as HTMLInputElement).value).toBe(''));
  });
});
