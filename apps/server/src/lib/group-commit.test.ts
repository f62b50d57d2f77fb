import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

type Item = { reader: number; value: string };

/** A fake store: records each commit's items; a commit waits until the test lets it end; a "bad" item fails it. */
const fakeStore = () => {
  const commits: Item[][] = [];
  const committed: string[] = [];
  const gates: (() => void)[] = [];
  const commit = async (items: Item[]): Promise<string[]> => {
    commits.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (items.some((i) => i.value.startsWith('bad'))) throw new Error(`constraint: ${items.length} items`);
    committed.push(...items.map((i) => i.value));
    return items.map((i) => `ok:${i.value}`);
  };
  /** Lets the oldest commit waiting end, once one is waiting. */
  const release = async () => {
    while (gates.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { commits, committed, commit, release, waiting: () => gates.length };
};

const waitUntil = async (condition: () => boolean) => {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
};

describe('group commit', () => {
  it('answers each caller only after the commit that holds its item, batching what arrived meanwhile', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit });
    const settled: string[] = [];
    const first = group.submit({ reader: 1, value: 'a' }).then((r) => settled.push(r));
    await waitUntil(() => store.waiting() === 1);
    // Submitted while the first commit runs: they wait for it, then go together.
    const rest = ['b', 'c', 'd'].map((value) => group.submit({ reader: 1, value }).then((r) => settled.push(r)));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(settled).toEqual([]);
    expect(store.commits).toHaveLength(1);
    await store.release();
    await first;
    expect(settled).toEqual(['ok:a']);
    await waitUntil(() => store.waiting() === 1);
    expect(store.commits.map((c) => c.map((i) => i.value))).toEqual([['a'], ['b', 'c', 'd']]);
    expect(settled).toEqual(['ok:a']);
    await store.release();
    await Promise.all(rest);
    expect(settled).toEqual(['ok:a', 'ok:b', 'ok:c', 'ok:d']);
    expect(store.committed).toEqual(['a', 'b', 'c', 'd']);
  });

  it('commits the items submitted in one turn together, in reader order, keeping each reader’s own order', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit, order: (a, b) => a.reader - b.reader });
    const results = Promise.all(
      [
        { reader: 3, value: '3a' },
        { reader: 1, value: '1a' },
        { reader: 2, value: '2a' },
        { reader: 1, value: '1b' },
      ].map((item) => group.submit(item)),
    );
    await store.release();
    // Each caller gets its own item's result, whatever the order of the commit.
    expect(await results).toEqual(['ok:3a', 'ok:1a', 'ok:2a', 'ok:1b']);
    expect(store.commits.map((c) => c.map((i) => i.value))).toEqual([['1a', '1b', '2a', '3a']]);
  });

  it('bounds a batch to maxBatch items', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit, maxBatch: 2 });
    const results = Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => group.submit({ reader: 1, value })));
    for (let i = 0; i < 3; i++) await store.release();
    await results;
    expect(store.commits.map((c) => c.length)).toEqual([2, 2, 1]);
  });

  it('a failing item fails only its own caller: the batch is committed again item by item', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit });
    const outcomes = Promise.allSettled(['a', 'bad', 'c'].map((value) => group.submit({ reader: 1, value })));
    // The batch, then each alone: a, bad, c.
    for (let i = 0; i < 4; i++) await store.release();
    const [a, bad, c] = await outcomes;
    expect(a).toEqual({ status: 'fulfilled', value: 'ok:a' });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('constraint: 1 items') });
    expect(c).toEqual({ status: 'fulfilled', value: 'ok:c' });
    expect(store.commits.map((x) => x.map((i) => i.value))).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
    expect(store.committed).toEqual(['a', 'c']);
  });

  it('drain resolves once everything submitted is settled', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit });
    const results = Promise.all(['a', 'b'].map((value) => group.submit({ reader: 1, value })));
    let isDrained = false;
    const drained = group.drain().then(() => {
      isDrained = true;
    });
    await waitUntil(() => store.waiting() === 1);
    expect(isDrained).toBe(false);
    await store.release();
    await drained;
    expect(await results).toEqual(['ok:a', 'ok:b']);
  });
  it('with concurrency 2, a batch commits while the one before it still commits; each caller waits for its own', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit, concurrency: 2 });
    const settled: string[] = [];
    const first = group.submit({ reader: 1, value: 'a' }).then((r) => settled.push(r));
    await waitUntil(() => store.waiting() === 1);
    const second = group.submit({ reader: 1, value: 'b' }).then((r) => settled.push(r));
    // The second batch does not wait for the first one's end.
    await waitUntil(() => store.waiting() === 2);
    // A third slot there is not: c waits for a batch to end.
    const third = group.submit({ reader: 1, value: 'c' }).then((r) => settled.push(r));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(store.commits.map((c) => c.map((i) => i.value))).toEqual([['a'], ['b']]);
    expect(settled).toEqual([]);
    await store.release();
    await first;
    expect(settled).toEqual(['ok:a']);
    await waitUntil(() => store.commits.length === 3);
    await store.release();
    await second;
    expect(settled).toEqual(['ok:a', 'ok:b']);
    await store.release();
    await third;
    expect(store.commits.map((c) => c.map((i) => i.value))).toEqual([['a'], ['b'], ['c']]);
    expect(settled).toEqual(['ok:a', 'ok:b', 'ok:c']);
  });

  it('with collectMs, the items submitted over several turns of the event loop in that time make one batch', async () => {
    const store = fakeStore();
    const group = createGroupCommit({ commit: store.commit, collectMs: 50 });
    const submitted = [group.submit({ reader: 1, value: 'a' })];
    for (const value of ['b', 'c']) {
      // A later turn of the event loop, within the window.
      await new Promise<void>((resolve) => setImmediate(resolve));
      submitted.push(group.submit({ reader: 1, value }));
    }
    await store.release();
    expect(await Promise.all(submitted)).toEqual(['ok:a', 'ok:b', 'ok:c']);
    expect(store.commits.map((c) => c.map((i) => i.value))).toEqual([['a', 'b', 'c']]);
  });
});
