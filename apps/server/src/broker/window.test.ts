import { describe, expect, it } from 'vitest';
import type { BusMessage } from './bus.js';
import { createWindow, MAX_BATCH } from './window.js';

const message = (n: number): BusMessage => ({ topic: 'readers/a/reads', payload: Buffer.from(String(n)) });

describe('a window of broker messages', () => {
  it('stores messages in batches of at most MAX_BATCH and acknowledges each once it is stored', async () => {
    const acked: number[] = [];
    const batches: number[] = [];
    const window = createWindow<number>({ isLive: () => true, acknowledge: (n) => acked.push(n), onError: () => {} });
    const batch = async (messages: BusMessage[]) => {
      batches.push(messages.length);
      expect(acked).toHaveLength(batches.slice(0, -1).reduce((a, b) => a + b, 0));
    };
    for (let n = 0; n < MAX_BATCH + 5; n++) window.push(batch, message(n), n);
    await window.settled();
    expect(batches).toEqual([MAX_BATCH, 5]);
    expect(acked).toEqual(Array.from({ length: MAX_BATCH + 5 }, (_, n) => n));
  });

  it('acknowledges nothing of a window whose store failed, nor a delivery of a connection that is gone', async () => {
    const acked: number[] = [];
    const errors: unknown[] = [];
    let live = new Set([1, 2, 3]);
    const window = createWindow<number>({
      isLive: (n) => live.has(n),
      acknowledge: (n) => acked.push(n),
      onError: (error) => errors.push(error),
    });
    const stored: string[] = [];
    window.push(
      async () => {
        throw new Error('database away');
      },
      message(1),
      1,
    );
    await window.settled();
    expect(acked).toEqual([]);
    expect(errors).toHaveLength(1);
    window.push(async (messages) => void stored.push(...messages.map((m) => m.payload.toString())), message(4), 4);
    window.push(async (messages) => void stored.push(...messages.map((m) => m.payload.toString())), message(2), 2);
    await window.settled();
    // 4 came on a connection that closed before its window was stored: not stored, not acknowledged (it comes again).
    expect(stored).toEqual(['2']);
    expect(acked).toEqual([2]);
    // The connection closes while the window is being stored: stored, but its acknowledgement is not sent.
    window.push(
      async () => {
        live = new Set();
      },
      message(3),
      3,
    );
    await window.settled();
    expect(acked).toEqual([2]);
  });
});
