// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, idbOutboxStore, type OutboxEntry } from './outbox';
import { sendEntry } from './use-outbox';

/** A database of its own for each test (fake-indexeddb keeps databases for the whole file). */
let dbNumber = 0;
const freshName = () => `rfid-handheld-test-${++dbNumber}`;

const pick = (key: string, gtin = '08437012100008') => ({
  key,
  kind: 'pick' as const,
  path: '/locations/3/replenishment/picks/',
  body: { id: key, gtin, status: 'picked', quantity: 2 },
  label: 'Camiseta',
  units: 2,
});
const count = (key: string) => ({
  key,
  kind: 'count' as const,
  path: '/locations/3/handheld_sets/',
  body: { id: key, area: 5, start_time: '2026-11-30T09:00:00Z', end_time: '2026-11-30T09:00:01Z', epcs: ['30ABCDEF01'] },
  label: 'Sala de ventas',
  units: 1,
});

const receipt = (key: string) => ({
  key,
  kind: 'receipt' as const,
  path: '/locations/3/handheld_receipts/',
  body: {
    id: key,
    codebar: 'PO-7-A',
    start_time: '2026-11-30T09:00:00Z',
    end_time: '2026-11-30T09:00:04Z',
    epcs: ['30ABCDEF01', '30ABCDEF02'],
  },
  label: 'PO-7-A',
  units: 2,
});

/**
 * The API as the outbox meets it: it stores each call once by its `Idempotency-Key` (201, then 200 for a resend), can
 * lose its answer after storing (the network drops on the way back) and can refuse (a 4xx with a message).
 */
const fakeServer = () => {
  const stored = new Map<string, unknown>();
  const answers: number[] = [];
  let isAnswerLost = false;
  let refusal: { status: number; message: string } | null = null;
  vi.stubGlobal('fetch', async (_input: string | URL, init?: RequestInit) => {
    const key = new Headers(init?.headers).get('Idempotency-Key') ?? '';
    if (refusal) {
      answers.push(refusal.status);
      return Response.json({ message: refusal.message }, { status: refusal.status });
    }
    const status = stored.has(key) ? 200 : 201;
    if (status === 201) stored.set(key, typeof init?.body === 'string' ? JSON.parse(init.body) : null);
    answers.push(status);
    if (isAnswerLost) throw new TypeError('Failed to fetch');
    return Response.json({}, { status });
  });
  return {
    stored,
    answers,
    loseAnswers: (lost: boolean) => (isAnswerLost = lost),
    refuse: (next: { status: number; message: string } | null) => (refusal = next),
  };
};

/** No network: every call fails as a browser's fetch does offline. */
const goOffline = () =>
  vi.stubGlobal('fetch', async (): Promise<never> => {
    throw new TypeError('Failed to fetch');
  });

/** A fresh database and no network: the database's name, and an outbox on it signed in as user `owner`. */
const offlineOutbox = async (owner: number) => {
  const name = freshName();
  goOffline();
  const outbox = createOutbox(idbOutboxStore(name), sendEntry);
  await outbox.setOwner(owner);
  return { name, outbox };
};

/** The real queue: IndexedDB (fake-indexeddb) and the real sender (sendEntry, through the API client and `fetch`). */
describe('the outbox in IndexedDB', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps its entries when the app is closed and opened again (a new connection to the same database)', async () => {
    const { name, outbox: first } = await offlineOutbox(7);
    await first.add(count('a'));
    await first.add(pick('b'));
    await first.flush();
    expect(first.snapshot().waiting.map((entry) => entry.key)).toEqual(['a', 'b']);

    const reopened = createOutbox(idbOutboxStore(name), sendEntry);
    await reopened.setOwner(7);
    expect(reopened.snapshot().waiting.map((entry) => [entry.key, entry.kind, entry.userId, entry.state])).toEqual([
      ['a', 'count', 7, 'waiting'],
      ['b', 'pick', 7, 'waiting'],
    ]);

    const server = fakeServer();
    await reopened.flush();
    expect([...server.stored.keys()]).toEqual(['a', 'b']);
    const again = createOutbox(idbOutboxStore(name), sendEntry);
    await again.setOwner(7);
    expect(again.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });

  it('reads an entry stored without a kind (before picks were queued) as a count', async () => {
    const name = freshName();
    const store = idbOutboxStore(name);
    await store.all();
    const database = await openDB(name, 1);
    const { kind: _kind, ...withoutKind }: OutboxEntry = {
      ...count('old'),
      userId: 7,
      queuedAt: '2026-11-30T08:00:00.000Z',
      state: 'waiting',
    };
    await database.put('outbox', withoutKind);
    database.close();
    expect((await idbOutboxStore(name).all()).map((entry) => [entry.key, entry.kind])).toEqual([['old', 'count']]);
  });

  it('a resend after a lost answer is stored once: 201 (lost on the way back), then 200', async () => {
    const server = fakeServer();
    const outbox = createOutbox(idbOutboxStore(freshName()), sendEntry);
    await outbox.setOwner(7);
    server.loseAnswers(true);
    await outbox.add(pick('6f1c1f5e-8d2b-4c57-9a43-0d3f0b0f7a11'));
    await outbox.flush();
    // The server stored it, the app does not know: it waits.
    expect(outbox.snapshot().waiting).toHaveLength(1);
    server.loseAnswers(false);
    await outbox.flush();
    expect(server.answers).toEqual([201, 200]);
    expect(server.stored.size).toBe(1);
    expect(outbox.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });

  it('keeps a box receipt through a reopen, sends it once (a resend after a lost answer is a 200), and keeps a refused one', async () => {
    const { name, outbox: offline } = await offlineOutbox(7);
    // Keys in the order of queuing (entries queued in the same millisecond come in the order of their keys).
    await offline.add(receipt('r1'));
    await offline.add(count('s1'));
    await offline.flush();
    expect(offline.snapshot().waiting.map((entry) => [entry.key, entry.kind])).toEqual([
      ['r1', 'receipt'],
      ['s1', 'count'],
    ]);

    const server = fakeServer();
    const reopened = createOutbox(idbOutboxStore(name), sendEntry);
    server.loseAnswers(true);
    await reopened.setOwner(7);
    await reopened.flush();
    expect(reopened.snapshot().waiting.map((entry) => [entry.key, entry.kind, entry.label, entry.units])).toEqual([
      ['r1', 'receipt', 'PO-7-A', 2],
      ['s1', 'count', 'Sala de ventas', 1],
    ]);
    server.loseAnswers(false);
    await reopened.flush();
    // The receipt stored, its answer lost (the flush stops there), then its resend (200) and the count (201).
    expect(server.answers).toEqual([201, 200, 201]);
    expect(server.stored.get('r1')).toEqual(receipt('r1').body);
    expect(reopened.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });

    server.refuse({ status: 409, message: 'This store has no receiving reader.' });
    await reopened.add(receipt('r2'));
    await reopened.flush();
    expect(reopened.snapshot().refused).toMatchObject([
      { key: 'r2', kind: 'receipt', label: 'PO-7-A', state: 'refused', message: 'This store has no receiving reader.' },
    ]);
  });

  it('a 4xx goes to the refused list with the server message, is not sent again, and stays until dismissed', async () => {
    const server = fakeServer();
    const name = freshName();
    const outbox = createOutbox(idbOutboxStore(name), sendEntry);
    await outbox.setOwner(7);
    server.refuse({ status: 409, message: 'This pick id was already used for another pick.' });
    await outbox.add(pick('p1'));
    await outbox.flush();
    await outbox.flush();
    expect(server.answers).toEqual([409]);
    expect(outbox.snapshot().refused).toMatchObject([
      { key: 'p1', kind: 'pick', state: 'refused', message: 'This pick id was already used for another pick.' },
    ]);
    // Kept on the device: the reopened app still shows it.
    const reopened = createOutbox(idbOutboxStore(name), sendEntry);
    await reopened.setOwner(7);
    expect(reopened.snapshot().refused.map((entry) => entry.key)).toEqual(['p1']);
    await reopened.dismiss('p1');
    expect(reopened.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });

  it("sends only the signed-in user's entries: another user's wait in the database for their session", async () => {
    const { name, outbox: of7 } = await offlineOutbox(7);
    await of7.add(pick('of-7'));
    await of7.flush();

    const server = fakeServer();
    const of8 = createOutbox(idbOutboxStore(name), sendEntry);
    await of8.setOwner(8);
    await of8.add(pick('of-8'));
    await of8.flush();
    expect([...server.stored.keys()]).toEqual(['of-8']);
    expect(of8.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 1 });

    await of8.setOwner(7);
    await of8.flush();
    expect([...server.stored.keys()]).toEqual(['of-8', 'of-7']);
    expect(of8.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });
});
