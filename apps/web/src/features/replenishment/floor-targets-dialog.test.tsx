// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { FloorTargetsDialog } from './floor-targets-dialog';

/**
 * The floor targets dialog (issue 26, item 4) against a fake API: the contract's rules check what is typed before
 * anything is sent (a GTIN of 8 to 14 digits, a whole target from 0 to 999), in the user's language.
 */

const TARGETS = 'GET /api/locations/3/floor_targets/';
const PUT = 'PUT /api/locations/3/floor_targets/';
const targets = { default: 1, overrides: [] };

describe('FloorTargetsDialog', () => {
  cleanAfterEach();

  it('es: a bad GTIN and target are told and nothing is sent; then the GTIN target is sent as numbers', async () => {
    const calls = fakeApi({
      [TARGETS]: () => ({ status: 200, body: targets }),
      [PUT]: () => ({ status: 200, body: targets }),
    });
    await renderApp(<FloorTargetsDialog locationId={3} canWrite onClose={() => {}} />, {
      language: 'es',
      role: 3,
      namespaces: ['replenishment'],
    });
    await waitFor(() => expect((screen.getByTestId('floor-target-default') as HTMLInputElement).value).toBe('1'));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('floor-target-gtin'), '12A');
    await user.type(screen.getByTestId('floor-target-value'), '1000');
    await user.click(screen.getByTestId('floor-target-add'));
    expect(await screen.findByText('Un GTIN tiene de 8 a 14 dígitos.')).toBeTruthy();
    expect(screen.getByText('Un número entero de 0 a 999.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByTestId('floor-target-gtin'));
    await user.type(screen.getByTestId('floor-target-gtin'), '08437012000015');
    await user.clear(screen.getByTestId('floor-target-value'));
    await user.type(screen.getByTestId('floor-target-value'), '3');
    await user.click(screen.getByTestId('floor-target-add'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/locations/3/floor_targets/', body: { gtin: '08437012000015', target: 3 } },
      ]),
    );
  });

  it('en: the default is saved as a number; a read-only role cannot change it', async () => {
    const calls = fakeApi({
      [TARGETS]: () => ({ status: 200, body: targets }),
      [PUT]: () => ({ status: 200, body: { ...targets, default: 2 } }),
    });
    await renderApp(<FloorTargetsDialog locationId={3} canWrite onClose={() => {}} />, {
      language: 'en',
      role: 3,
      namespaces: ['replenishment'],
    });
    const field = screen.getByTestId('floor-target-default') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('1'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '-1');
    await user.click(screen.getByTestId('floor-target-default-save'));
    expect(await screen.findByText('A whole number from 0 to 999.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '2');
    await user.click(screen.getByTestId('floor-target-default-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ target: 2 }]));
    cleanup();

    await renderApp(<FloorTargetsDialog locationId={3} canWrite={false} onClose={() => {}} />, {
      language: 'en',
      role: 5,
      namespaces: ['replenishment'],
    });
    expect((screen.getByTestId('floor-target-default') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('floor-target-add')).toBeNull();
    expect(screen.queryByTestId('floor-target-default-save')).toBeNull();
  });
});
