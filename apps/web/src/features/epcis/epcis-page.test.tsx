// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, cleanAfterEach, renderApp } from '../../test/render-app';
import { EpcisPage } from './epcis-page';

/**
 * The EPCIS page (issue 27) with Testing Library against a fake /epcis binding (fetch): the query form's parameters,
 * the results a page at a time (Link: rel="next"), a QueryParameterException's text, and the JSON-LD download.
 */
const EPC = 'urn:epc:id:sgtin:0614141.107346.2017';
const event = (n: number, fields: Record<string, unknown> = {}) => ({
  eventID: `urn:uuid:00000000-0000-4000-8000-00000000000${n}`,
  type: 'ObjectEvent',
  action: 'OBSERVE',
  bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
  disposition: 'https://ref.gs1.org/cbv/Disp-in_transit',
  eventTime: '2026-05-01T10:00:00.000Z',
  eventTimeZoneOffset: '+02:00',
  epcList: [EPC],
  readPoint: { id: 'https://id.gs1.org/414/8437000000019' },
  ...fields,
});
const queryDocument = (events: unknown[]) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISQueryDocument',
  schemaVersion: '2.0',
  creationDate: '2026-05-01T10:00:00.000Z',
  epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: events } } },
});

/** A fake binding: two pages (the first links to the second); `bad` answers a QueryParameterException. */
const fakeEpcis = ({ bad = false } = {}) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    calls.push({ method: 'GET', path: url.pathname, query: url.search, body: undefined });
    if (url.pathname !== '/epcis/events') return new Response('{}', { status: 404 });
    if (bad) {
      const problem = {
        type: 'epcisException:QueryParameterException',
        title: 'Invalid query parameter',
        status: 400,
        detail: 'Parámetro de consulta MATCH_anyEPC: not a URI: 123.',
        message: 'Parámetro de consulta MATCH_anyEPC: not a URI: 123.',
      };
      return new Response(JSON.stringify(problem), { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
    }
    const second = url.searchParams.get('nextPageToken') === 'page2';
    const headers: Record<string, string> = { 'Content-Type': 'application/ld+json' };
    if (!second) headers.Link = `</epcis/events?perPage=25&nextPageToken=page2>; rel="next"`;
    const events = second
      ? [
          event(3, {
            type: 'AggregationEvent',
            parentID: 'urn:epc:id:sscc:0614141.1234567890',
            childEPCs: [EPC],
            epcList: undefined,
          }),
        ]
      : [event(1), event(2, { bizStep: 'receiving', disposition: 'in_progress', epcList: [EPC, `${EPC}8`] })];
    return new Response(JSON.stringify(queryDocument(events)), { status: 200, headers });
  });
  return calls;
};

describe('EpcisPage', () => {
  // The date-time pickers' code (MUI X, loaded lazily by components/date-fields.tsx) is large: loaded once here, in the
  // hook's time, not in the first test's.
  beforeAll(async () => {
    await import('@mui/x-date-pickers/DateTimePicker');
  });
  beforeEach(() => localStorage.clear());
  cleanAfterEach();

  it('es: lists the events, searches by EPC and business step, and pages with the binding’s token', async () => {
    const calls = fakeEpcis();
    await renderApp(<EpcisPage />, { language: 'es', role: 5, namespaces: ['epcis'] });
    expect(await screen.findAllByTestId('epcis-row')).toHaveLength(2);
    const [first, second] = screen.getAllByTestId('epcis-row') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Objeto')).toBeTruthy();
    expect(within(first).getByText('Expedición')).toBeTruthy();
    expect(within(first).getByText(EPC)).toBeTruthy();
    expect(within(second).getByText(`2 EPC: ${EPC}…`)).toBeTruthy();

    await userEvent.type(screen.getByTestId('epcis-epc'), EPC);
    await userEvent.click(within(screen.getByTestId('epcis-biz-step')).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Recepción' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.at(-1)?.query).toContain('EQ_bizStep=receiving'));
    const asked = new URLSearchParams(calls.at(-1)?.query);
    expect(asked.get('MATCH_anyEPC')).toBe(EPC);
    expect(asked.get('perPage')).toBe('25');

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(screen.getAllByTestId('epcis-row')).toHaveLength(1));
    expect(new URLSearchParams(calls.at(-1)?.query).get('nextPageToken')).toBe('page2');
    expect(screen.getByText('urn:epc:id:sscc:0614141.1234567890 con 1 EPC')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(screen.getAllByTestId('epcis-row')).toHaveLength(2));
  });

  it('shows the text of a refused query (QueryParameterException)', async () => {
    fakeEpcis({ bad: true });
    await renderApp(<EpcisPage />, { language: 'es', role: 5, namespaces: ['epcis'] });
    expect((await screen.findByTestId('epcis-error')).textContent).toBe('Parámetro de consulta MATCH_anyEPC: not a URI: 123.');
  });

  it('en: a GLN as the location asks for it and what is within it; the download is one JSON-LD document', async () => {
    const calls = fakeEpcis();
    const created: Blob[] = [];
    const createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:epcis';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderApp(<EpcisPage />, { language: 'en', role: 3, namespaces: ['epcis'] });
    await screen.findAllByTestId('epcis-row');
    await userEvent.type(screen.getByTestId('epcis-location'), '8437000000019');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(new URLSearchParams(calls.at(-1)?.query).get('WD_bizLocation')).toBe('https://id.gs1.org/414/8437000000019'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download JSON-LD' }));
    await waitFor(() => expect(screen.getByTestId('notifier').textContent).toBe('Downloaded 3 events.'));
    expect(click).toHaveBeenCalledTimes(1);
    const document = JSON.parse(await (created[0] as Blob).text());
    expect(document.type).toBe('EPCISQueryDocument');
    expect(document.epcisBody.queryResults.resultsBody.eventList.map((e: { eventID: string }) => e.eventID.slice(-1))).toEqual([
      '1',
      '2',
      '3',
    ]);
    // The download asks the largest pages, with the same search.
    expect(new URLSearchParams(calls.at(-1)?.query).get('perPage')).toBe('1000');
    click.mockRestore();
  });
});
