// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanAfterEach, renderApp } from '../test/render-app';
import { DownloadDialog } from './download-dialog';

/** The download dialog asks the server for the file's format and says what it saved (issue 28: Excel beside CSV). */
describe('DownloadDialog', () => {
  cleanAfterEach();

  const serve = (body: string, name: string, type: string) => {
    const calls: { url: string; accept: string | null; language: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = new Headers(init.headers);
        calls.push({ url: String(url), accept: headers.get('Accept'), language: headers.get('Accept-Language') });
        return new Response(body, {
          status: 200,
          headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
        });
      }),
    );
    // jsdom has no object URLs: the saved blob is only named.
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    return calls;
  };

  it('es: a workbook is asked for with format=xlsx and saved under the server’s name, without a row count', async () => {
    const calls = serve(
      'PK-not-really-a-zip',
      'pedido-12.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await renderApp(<DownloadDialog open onClose={() => {}} path="/porders/12/csv/" fileName="order-12.csv" format="xlsx" />, {
      language: 'es',
      role: 1,
      namespaces: [],
    });
    expect((await screen.findByTestId('download-done')).textContent).toBe('Guardado pedido-12.xlsx');
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]?.url ?? '', 'http://x').searchParams.get('format')).toBe('xlsx');
    expect(calls[0]?.accept).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(calls[0]?.language).toBe('es');
  });

  it('en: a CSV keeps its query (no format) and counts its rows', async () => {
    const calls = serve('\uFEFFOrder id,Box\n12,"B-1"\n12,"B-2"\n', 'order-12.csv', 'text/csv; charset=utf-8');
    await renderApp(<DownloadDialog open onClose={() => {}} path="/porders/12/csv/" fileName="order-12.csv" />, {
      language: 'en',
      role: 1,
      namespaces: [],
    });
    expect((await screen.findByTestId('download-done')).textContent).toBe('Saved order-12.csv (2 rows)');
    expect(new URL(calls[0]?.url ?? '', 'http://x').searchParams.has('format')).toBe(false);
    expect(calls[0]?.accept).toBe('text/csv');
  });
  it('es: a refusal for load (503, Retry-After) is asked again after the wait, and the file is saved (one row: "fila")', async () => {
    const calls: string[] = [];
    const answers = [
      () => new Response('{"message":"ocupado"}', { status: 503, headers: { 'Retry-After': '1' } }),
      () => new Response('a\n1\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="pedido-12.csv"' } }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(String(url));
        return (answers.shift() ?? (() => new Response('', { status: 500 })))();
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    await renderApp(<DownloadDialog open onClose={() => {}} path="/porders/12/csv/" fileName="order-12.csv" />, {
      language: 'es',
      role: 1,
      namespaces: [],
    });
    expect((await screen.findByTestId('download-done', {}, { timeout: 5_000 })).textContent).toBe(
      'Guardado pedido-12.csv (1 fila)',
    );
    expect(calls).toHaveLength(2);
    expect(screen.queryByText(/ocupado/)).toBeNull();
  });
});
