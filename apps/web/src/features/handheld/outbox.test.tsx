// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/render-app';
import { createOutbox, type OutboxEntry, type OutboxStore, type SendOutcome } from './outbox';
import { sendEntry } from './use-outbox';

/** The queue's store in memory (IndexedDB's order: oldest first). */
const memoryStore = (): OutboxStore => {
  const entries = new Map<string, OutboxEntry>();
  return {
    all: async () => [...entries.values()].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    put: async (entry) => {
      entries.set(entry.key, entry);
    },
    delete: async (key) => {
      entries.delete(key);
    },
  };
};

const count = (key: string, units = 2) => ({
  key,
  kind: 'count' as const,
  path: '/locations/1/handheld_sets/',
  body: { id: key },
  label: 'Sala de ventas',
  units,
});

/** A server whose answers the test sets: the network is gone (`later`), it stores, or it refuses. */
const fakeServer = () => {
  const sent: string[] = [];
  let answer: SendOutcome = { kind: 'later' };
  const send = async (entry: OutboxEntry): Promise<SendOutcome> => {
    if (answer.kind !== 'later') sent.push(entry.key);
    return answer;
  };
  return { sent, send, answer: (next: SendOutcome) => (answer = next) };
};

/**
 * The handheld's queue (issue 32): counts and picks wait on the device while the network is gone, are sent once it is
 * back, each once; what the server refuses is kept with its message, not retried, not lost.
 */
describe('createOutbox', () => {
  it('keeps what cannot be sent, then sends each entry once, oldest first, when sending works', async () => {
    const server = fakeServer();
    const outbox = createOutbox(memoryStore(), server.send);
    await outbox.setOwner(7);
    await outbox.add(count('a'));
    await outbox.flush();
    await outbox.add(count('b', 5));
    await outbox.flush();
    expect(outbox.snapshot().waiting.map((entry) => [entry.key, entry.units])).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
    expect(server.sent).toEqual([]);

    server.answer({ kind: 'sent' });
    await Promise.all([outbox.flush(), outbox.flush()]);
    await outbox.flush();
    expect(server.sent).toEqual(['a', 'b']);
    expect(outbox.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });

  it('sends an entry queued while a flush runs in that flush, and nothing twice', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const outbox = createOutbox(memoryStore(), async (entry) => {
      sent.push(entry.key);
      if (entry.key === 'a') await new Promise<void>((resolve) => (release = resolve));
      return { kind: 'sent' };
    });
    await outbox.setOwner(7);
    const first = outbox.add(count('a'));
    await first;
    const running = outbox.flush();
    await vi.waitFor(() => expect(sent).toEqual(['a']));
    await outbox.add(count('b'));
    release();
    await running;
    await outbox.flush();
    expect(sent).toEqual(['a', 'b']);
    expect(outbox.snapshot().waiting).toEqual([]);
  });

  it('keeps a refused entry with the server message, does not send it again, until it is dismissed', async () => {
    const server = fakeServer();
    const outbox = createOutbox(memoryStore(), server.send);
    await outbox.setOwner(7);
    server.answer({ kind: 'refused', message: 'This area has no handheld reader.' });
    await outbox.add(count('a'));
    await outbox.flush();
    expect(outbox.snapshot().refused).toMatchObject([
      { key: 'a', state: 'refused', message: 'This area has no handheld reader.' },
    ]);
    server.answer({ kind: 'sent' });
    await outbox.flush();
    expect(server.sent).toEqual(['a']);
    await outbox.dismiss('a');
    expect(outbox.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });
});

describe('createOutbox on a shared handheld', () => {
  it("sends only the signed-in user's entries; another user's wait for their session; unowned ones become the first user's", async () => {
    const server = fakeServer();
    server.answer({ kind: 'sent' });
    const outbox = createOutbox(memoryStore(), server.send);
    // Started offline where the app never knew its user: the count is kept, unowned, and shown as waiting.
    server.answer({ kind: 'later' });
    await outbox.add(count('unowned'));
    expect(outbox.snapshot().waiting.map((entry) => [entry.key, entry.userId])).toEqual([['unowned', null]]);
    // User 7's session loads: the unowned count is theirs; they queue another.
    await outbox.setOwner(7);
    await outbox.add(count('of-7'));
    await outbox.flush();
    expect(server.sent).toEqual([]);
    // User 8 signs in on the same device before 7's counts were sent: nothing of 7's is sent under 8's session.
    server.answer({ kind: 'sent' });
    await outbox.setOwner(8);
    await outbox.add(count('of-8'));
    await outbox.flush();
    expect(server.sent).toEqual(['of-8']);
    expect(outbox.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 2 });
    // User 7 again: theirs are sent, each once.
    await outbox.setOwner(7);
    await outbox.flush();
    expect(server.sent).toEqual(['of-8', 'unowned', 'of-7']);
    expect(outbox.snapshot()).toEqual({ waiting: [], refused: [], othersWaiting: 0 });
  });
});

describe('sendEntry', () => {
  afterEach(() => vi.unstubAllGlobals());
  const entry: OutboxEntry = {
    ...count('6f1c1f5e-8d2b-4c57-9a43-0d3f0b0f7a11'),
    userId: 7,
    queuedAt: '',
    state: 'waiting',
  };

  it('sent on 201 and 200 (stored before), refused with the message on 409, later on a 5xx or no network', async () => {
    const statuses = [201, 200, 409, 503];
    const calls = fakeApi({
      'POST /api/locations/1/handheld_sets/': () => {
        const status = statuses.shift() ?? 500;
        return { status, body: status < 300 ? {} : { message: 'This area has no handheld reader.' } };
      },
    });
    expect(await sendEntry(entry)).toEqual({ kind: 'sent' });
    expect(await sendEntry(entry)).toEqual({ kind: 'sent' });
    expect(await sendEntry(entry)).toEqual({ kind: 'refused', message: 'This area has no handheld reader.' });
    expect(await sendEntry(entry)).toEqual({ kind: 'later' });
    expect(calls.map((call) => call.body)).toEqual(Array(4).fill({ id: entry.key }));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendEntry(entry)).toEqual({ kind: 'later' });
  });
});
