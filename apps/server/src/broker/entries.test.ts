import { describe, expect, it } from 'vitest';
import { type Entry, matchEntries, runHandlers, subscribeMethods } from './entries.js';

describe('bus entries', () => {
  const calls: string[] = [];
  const handler = (name: string) => async (topic: string) => {
    calls.push(`${name}:${topic}`);
  };
  const entries: Entry[] = [
    { filter: 'readers/+/reads', handler: handler('a'), shared: true },
    { filter: 'readers/#', handler: handler('b'), shared: false },
    { filter: 'readers/+/reads', batch: async () => {}, shared: true },
  ];

  it("matches a topic's entries in order, the first batch handler apart, among those taken", () => {
    const { matching, batched } = matchEntries(entries, 'readers/r1/reads');
    expect(matching).toEqual(entries);
    expect(batched).toBe(entries[2]);
    const unshared = matchEntries(entries, 'readers/r1/reads', (entry) => !entry.shared);
    expect(unshared.matching).toEqual([entries[1]]);
    expect(unshared.batched).toBeUndefined();
    expect(matchEntries(entries, 'other/topic').matching).toEqual([]);
  });

  it('runs the handlers one after the other', async () => {
    calls.length = 0;
    await runHandlers(entries, 'readers/r1/reads', Buffer.from(''));
    expect(calls).toEqual(['a:readers/r1/reads', 'b:readers/r1/reads']);
  });

  it('adds entries, not shared unless asked', async () => {
    const added: Entry[] = [];
    const methods = subscribeMethods(async (entry) => {
      added.push(entry);
    });
    const batch = async () => {};
    await methods.subscribe('a/#', handler('x'));
    await methods.subscribeBatch('b/#', batch, { shared: true });
    expect(added.map(({ filter, shared }) => ({ filter, shared }))).toEqual([
      { filter: 'a/#', shared: false },
      { filter: 'b/#', shared: true },
    ]);
    expect(added[1]?.batch).toBe(batch);
  });
});
