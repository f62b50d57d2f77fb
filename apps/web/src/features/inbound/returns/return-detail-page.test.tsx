// @vitest-environment jsdom
import type { ProviderReturn, ReturnLine, SaleReturn } from '@rfid/contract';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { ProviderReturnDetailPage } from './provider-return-detail-page';
import { SaleReturnDetailPage } from './sale-return-detail-page';

/**
 * The provider and sale return detail pages against a fake API: the title and facts of the return with those of its
 * kind (order and provider links; the online order), its lines per GTIN, and no lines when the return is not found.
 */
const saleReturn: SaleReturn = {
  id: 12,
  code: 'DEV-0013',
  order: { id: 41, order_code: 'WEB-77' },
  location: 3,
  real_item_count: 4,
  start_time: null,
  end_time: null,
};
const providerReturn: ProviderReturn = {
  ...saleReturn,
  code: 'DEV-0012',
  order: { id: 40, order_code: 'PO-0040' },
  provider: { id: 6, name: 'Textiles Norte' },
  real_item_count: 1250,
};
const line: ReturnLine = {
  gtin: '8400000000017',
  item_type: 9,
  description: 'Camiseta',
  model: 'M-1',
  colour: 'Rojo',
  section: 'Mujer',
  sizes: [],
  quantity: 3,
};

/** Serves the return `record` (as `/api/<collection>/12/`, with one line) unless it is undefined (then all is 404). */
const serve = (collection: 'provider_returns' | 'sale_returns', record?: ProviderReturn | SaleReturn) =>
  fakeApi(
    record === undefined
      ? {}
      : {
          [`GET /api/${collection}/12/`]: () => ({ status: 200, body: record }),
          [`GET /api/${collection}/12/detail/`]: () => apiPage([line]),
        },
  );

/** Opens `page` at its route (`path`, the return's list path plus ':id/detail') for return 12. */
const open = (page: ReactNode, language: 'es' | 'en', listPath: string) =>
  renderApp(page, {
    language,
    role: 1,
    namespaces: ['inbound-verification'],
    route: { path: `${listPath}/:id/detail`, url: `${listPath}/12/detail` },
  });

describe('Return detail pages', () => {
  cleanAfterEach();

  it('en: a provider return shows its code, order and provider links, items and lines', async () => {
    serve('provider_returns', providerReturn);
    await open(<ProviderReturnDetailPage />, 'en', '/inbound/returns');
    expect(await screen.findByText('Provider return DEV-0012', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByTestId('return-code').textContent).toBe('DEV-0012');
    expect(screen.getByTestId('return-items').textContent).toBe('1,250');
    expect(screen.getByTestId('return-order').getAttribute('href')).toBe('/inbound/order/40/detail');
    expect(screen.getByTestId('return-provider').textContent).toBe('Textiles Norte');
    expect(await within(screen.getByTestId('return-lines')).findByText('8400000000017')).toBeTruthy();
  });

  it('es: a sale return shows its online order and lines', async () => {
    serve('sale_returns', saleReturn);
    await open(<SaleReturnDetailPage />, 'es', '/outbound/returns');
    expect(await screen.findByText('Devolución de venta DEV-0013', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Pedido online')).toBeTruthy();
    expect(screen.getByText('WEB-77')).toBeTruthy();
    expect(screen.queryByTestId('return-provider')).toBeNull();
    expect(await within(screen.getByTestId('return-lines')).findByText('Camiseta')).toBeTruthy();
  });

  it('en: a return not found shows the error and no lines', async () => {
    serve('sale_returns');
    await open(<SaleReturnDetailPage />, 'en', '/outbound/returns');
    expect(await screen.findByTestId('return-error', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('return-lines')).toBeNull();
  });
});
