// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissRefusedEntry } from '../../../test/handheld';
import { atTestStore, fakeApi, renderApp } from '../../../test/render-app';
import { outbox } from '../use-outbox';
import { HandheldReceivePage } from './handheld-receive-page';

const EPC_1 = '3036029B0C3A4C0000000001';
const EPC_2 = '3036029b0c3a4c0000000002';

/** The receipts endpoint on a fake server: stored once by id (201, then 200), or refused with a message. */
const fakeServer = ({ refusal }: { refusal?: string } = {}) => {
  const stored = new Set<string>();
  return fakeApi({
    'POST /api/locations/3/handheld_receipts/': (body) => {
      const { id } = body as { id: string };
      const answer = refusal
        ? { status: 409, body: { message: refusal } }
        : { status: stored.has(id) ? 200 : 201, body: { id, created: !stored.has(id) } };
      stored.add(id);
      return answer;
    },
  });
};

/** No network: every request fails as fetch fails offline. */
const noNetwork = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

/**
 * The handheld's box receipt (issue 32) against a fake API and the real queue (IndexedDB, fake-indexeddb): the box's
 * barcode as the scanner types it into the field, its tags as the reader's keyboard wedge types them into the page,
 * then "Receive box" queues one receipt with its own UUID, sent when the network is there.
 */
describe('HandheldReceivePage', () => {
  atTestStore();
  beforeEach(async () => {
    await outbox.setOwner(1);
  });

  it("queues the box's barcode and the wedge's EPCs as one receipt and sends it, in Spanish", async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    await renderApp(<HandheldReceivePage />, { language: 'es', role: 3, namespaces: ['handheld'] });
    // The scanner types into the field, which has the keyboard, and ends with Enter.
    await user.type(screen.getByTestId('handheld-receive-barcode'), 'PO-7-A{Enter}');
    expect(screen.getByTestId('handheld-receive-box').textContent).toBe('Caja PO-7-A');
    // The wedge types each EPC and Enter into the page (no field); a repeat is counted once.
    await user.keyboard(`${EPC_1}{Enter}${EPC_2}{Enter}${EPC_1}{Enter}`);
    expect(screen.getByTestId('handheld-receive-read').textContent).toBe('2 EPC leídos');
    await user.click(screen.getByRole('button', { name: 'Recibir caja' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const [sent] = calls.filter((call) => call.method === 'POST');
    expect(sent?.path).toBe('/api/locations/3/handheld_receipts/');
    const body = sent?.body as { start_time: string; end_time: string };
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      codebar: 'PO-7-A',
      start_time: expect.any(String),
      end_time: expect.any(String),
      epcs: [EPC_1, EPC_2.toUpperCase()],
    });
    expect(Date.parse(body.start_time)).toBeLessThanOrEqual(Date.parse(body.end_time));
    expect(screen.getByTestId('handheld-receive-queued').textContent).toBe(
      'Caja PO-7-A recibida con 2 EPC: se envía ahora o cuando vuelva la conexión.',
    );
    // The next box's barcode is asked for, in a field that has the keyboard again.
    expect(document.activeElement).toBe(screen.getByTestId('handheld-receive-barcode'));
    await waitFor(() => expect(outbox.snapshot().waiting).toHaveLength(0));
  });

  it('keeps a receipt made offline (none of its tags read) and lists it with the message when refused, in English', async () => {
    noNetwork();
    const user = userEvent.setup();
    await renderApp(<HandheldReceivePage />, { language: 'en', role: 3, namespaces: ['handheld'] });
    await user.type(screen.getByTestId('handheld-receive-barcode'), 'PO-7-B');
    await user.click(screen.getByRole('button', { name: "Read the box's tags" }));
    expect(screen.getByTestId('handheld-receive-read').textContent).toBe('0 EPCs read');
    expect(screen.getByRole('button', { name: "Open the box's page" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Receive box' }));
    await waitFor(() => expect(outbox.snapshot().waiting).toHaveLength(1));
    const [entry] = outbox.snapshot().waiting;
    expect(entry).toMatchObject({
      kind: 'receipt',
      path: '/locations/3/handheld_receipts/',
      label: 'PO-7-B',
      units: 0,
      body: { id: entry?.key, codebar: 'PO-7-B', epcs: [] },
    });

    fakeServer({ refusal: 'This store has no receiving reader.' });
    await outbox.flush();
    await dismissRefusedEntry(user, ['Box PO-7-B: 0 EPCs', 'This store has no receiving reader.']);
  });
});
