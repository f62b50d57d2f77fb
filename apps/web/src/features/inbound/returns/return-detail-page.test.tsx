// @vitest-environment jsdom
import type { ProviderReturn, ReturnLine, SaleReturn } from '@rfid/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPage, cleanAfterEach, FIRST_LOAD, fakeApi, renderApp } from '../../../test/render-app';
import { ProviderReturnDetailPage } from './provider-return-detail-page';
import { SaleReturnDetailPage } from './sale-return-detail-page';

/**
 * The provider and sale return detail pages against a fake API: the title and facts of the return with those of its
 * kind (order and provider links; the online order), its lines per GTIN, and no lines when the return is not found.
 */
const providerReturn: ProviderReturn = {
  id: 12,
  code: 'DEV-0012',
  order: { id: 40, order_code: 'PO-0040' },
  provider: { id: 6, name: 'Textiles Norte' },
  location: 3,
  real_item_count: 1250,
  start_time: null,
  end_time: null,
};
const saleReturn: SaleReturn = {
  id: 12,
  code: 'DEV-0013',
  order: { id: 41, order_code: 'WEB-77' },
  location: 3,
  real_item_count: 4,
  start_time: null,
  end_time: null,
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

describe('Return detail pages', () => {
  cleanAfterEach();

  it('en: a provider return shows its code, order and provider links, items and lines', async () => {
    fakeApi({
      'GET /api/provider_returns/12/': () => ({ status: 200, body: providerReturn }),
      'GET /api/provider_returns/12/detail/': () => apiPage([line]),
    });
    await renderApp(<ProviderReturnDetailPage />, {
      language: 'en',
      role: 1,
      namespaces: ['inbound-verification'],
      route: { path: '/inbound/returns/:id/detail', url: '/inbound/returns/12/detail' },
    });
    expect(await screen.findByText('Provider return DEV-0012', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByTestId('return-code').textContent).toBe('DEV-0012');
    expect(screen.getByTestId('return-items').textContent).toBe('1,250');
    expect(screen.getByTestId('return-order').getAttribute('href')).toBe('/inbound/order/40/detail');
    expect(screen.getByTestId('return-provider').textContent).toBe('Textiles Norte');
    expect(await within(screen.getByTestId('return-lines')).findByText('8400000000017')).toBeTruthy();
  });

  it('es: a sale return shows its online order and lines', async () => {
    fakeApi({
      'GET /api/sale_returns/12/': () => ({ status: 200, body: saleReturn }),
      'GET /api/sale_returns/12/detail/': () => apiPage([line]),
    });
    await renderApp(<SaleReturnDetailPage />, {
      language: 'es',
      role: 1,
      namespaces: ['inbound-verification'],
      route: { path: '/outbound/returns/:id/detail', url: '/outbound/returns/12/detail' },
    });
    expect(await screen.findByText('Devolución de venta DEV-0013', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Pedido online')).toBeTruthy();
    expect(screen.getByText('WEB-77')).toBeTruthy();
    expect(screen.queryByTestId('return-provider')).toBeNull();
    expect(await within(screen.getByTestId('return-lines')).findByText('Camiseta')).toBeTruthy();
  });

  it('en: a return not found shows the error and no lines', async () => {
    fakeApi({});
    await renderApp(<SaleReturnDetailPage />, {
      language: 'en',
      role: 1,
      namespaces: ['inbound-verification'],
      route: { path: '/outbound/returns/:id/detail', url: '/outbound/returns/99/detail' },
    });
    expect(await screen.findByTestId('return-error', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('return-lines')).toBeNull();
  });
});
