// @vitest-environment jsdom
import type { AuditDetail, AuditEntry } from '@rfid/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiPage, cleanAfterEach, fakeApi, renderApp } from '../../test/render-app';
import { AuditPage } from './audit-page';

/**
 * The audit log page (issue 29) with Testing Library against a fake API: the rows (when, who, from where, what, entity,
 * action), a filter sent to the API, a row's detail with its fields before → after (the changed one marked), the export
 * buttons, and a role that may not see it.
 */

const entry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 41,
  at: '2026-11-29T10:15:00.000Z',
  actor: { kind: 'user', id: 1, label: 'admin@demo.local' },
  api_key_id: null,
  ip: '192.168.10.24',
  user_agent: 'Mozilla/5.0',
  method: 'PUT',
  route: '/api/areas/:id/',
  path: '/api/areas/7/',
  entity: 'areas',
  entity_id: '7',
  action: 'update',
  status: 200,
  ...fields,
});
const detail: AuditDetail = {
  ...entry(),
  before: { id: 7, description: 'Sala ventas', version: 1 },
  after: { id: 7, description: 'Sala de ventas', version: 2, secret: '[redacted]' },
  prev_hash: '0'.repeat(64),
  hash: 'a'.repeat(64),
};

/** The URLs the page asked for (the fake API keeps paths only). */
const recordUrls = (): string[] => {
  const urls: string[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
    urls.push(String(input));
    return answer(input, init);
  });
  return urls;
};

const renderIn = (language: 'es' | 'en', role = 1) => renderApp(<AuditPage />, { language, role, namespaces: ['audit'] });

describe('AuditPage', () => {
  cleanAfterEach();

  it('es: lists who changed what from where; a row opens its fields before → after, the changed ones marked', async () => {
    fakeApi({
      'GET /api/audit/': () =>
        apiPage([entry(), entry({ id: 40, action: 'create', actor: { kind: 'api_key', id: 3, label: 'ERP nocturno' } })]),
      'GET /api/audit/41/': () => ({ status: 200, body: detail }),
    });
    const urls = recordUrls();
    await renderIn('es');
    expect(screen.getByText('Registro de auditoría')).toBeTruthy();
    const rows = await screen.findAllByTestId('paged-row');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const table = screen.getByTestId('audit-table');
    expect(within(table).getAllByText('admin@demo.local').length).toBeGreaterThan(0);
    expect(within(table).getByText('ERP nocturno')).toBeTruthy();
    expect(within(table).getByText('Clave de API')).toBeTruthy();
    expect(within(table).getAllByText('PUT /api/areas/7/').length).toBe(2);
    expect(within(table).getByText('Cambio')).toBeTruthy();
    expect(within(table).getByText('Alta')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ver el detalle 41' }));
    const dialog = await screen.findByTestId('audit-detail');
    const description = await within(dialog).findByTestId('audit-change-description');
    expect(description.getAttribute('data-changed')).toBe('true');
    expect(description.textContent).toContain('Sala ventas');
    expect(description.textContent).toContain('Sala de ventas');
    expect(within(dialog).getByTestId('audit-change-id').getAttribute('data-changed')).toBe('false');
    expect(within(dialog).getByTestId('audit-change-secret').textContent).toContain('[redacted]');
    expect(within(dialog).getByText('192.168.10.24 · Mozilla/5.0')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByTestId('audit-detail')).toBeNull());
    await userEvent.type(screen.getByTestId('filter-entity'), 'readers');
    await waitFor(() => expect(urls.some((url) => url.includes('/api/audit/?') && url.includes('entity=readers'))).toBe(true));
  });

  it('en: offers CSV and Excel exports of the filtered rows', async () => {
    const calls = fakeApi({ 'GET /api/audit/': () => apiPage([entry()]) });
    await renderIn('en');
    expect(await screen.findByText('Audit log')).toBeTruthy();
    expect(screen.getByTestId('audit-export-csv').textContent).toBe('CSV');
    expect(screen.getByTestId('audit-export-xlsx').textContent).toBe('Excel');
    await userEvent.click(screen.getByTestId('audit-export-xlsx'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/audit/export/')).toBe(true));
  });

  it('tells a role that may not see it so', async () => {
    fakeApi({});
    await renderIn('en', 3);
    expect((await screen.findByTestId('not-allowed')).textContent).toContain('Only the company');
  });
});
